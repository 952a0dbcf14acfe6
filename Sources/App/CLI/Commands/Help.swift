extension CommandSpec {
    /// `kitchen help [COMMAND]`: the overview, or one command's help.
    public static let help = CommandSpec(
        name: "help", summary: "Show the commands, or one command's options.",
        usage: "kitchen help [COMMAND]"
    ) { context in
        guard let name = context.flags.positional.first else {
            context.console.print(KitchenCLI.overview())
            return 0
        }
        guard let command = KitchenCLI.command(named: name) else {
            context.console.printError("kitchen help: unknown command '\(name)'. Run 'kitchen --help' to see the commands.")
            return KitchenCLI.usageError
        }
        context.console.print(KitchenCLI.help(for: command))
        return 0
    }
}
