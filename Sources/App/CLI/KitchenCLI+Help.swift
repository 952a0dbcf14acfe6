extension KitchenCLI {
    /// What `kitchen` and `kitchen --help` print: version, synopsis, the commands.
    public static func overview() -> String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { "  \(pad($0.name, to: width))  \($0.summary)" }
        return """
            kitchen \(version) — the GraphQL server behind the Kitchen apps

            Usage: kitchen COMMAND [OPTIONS]

            Commands:
            \(list.joined(separator: "\n"))

            Run 'kitchen COMMAND --help' for a command's options. Every option can also be set by
            its KITCHEN_… environment variable. To start: 'kitchen serve', then open
            http://127.0.0.1:8080/ for the explorer.
            """
    }

    /// What `kitchen COMMAND --help` prints: synopsis, discussion, each flag with its
    /// variable and default.
    public static func help(for command: CommandSpec) -> String {
        var sections = ["Usage: \(command.usage)", command.summary]
        if !command.discussion.isEmpty { sections.append(command.discussion) }
        let flags = command.flags + [.toggle("help", summary: "Show this help.")]
        let names = flags.map { flag in
            flag.valueName.map { "--\(flag.name) \($0)" } ?? "--\(flag.name)"
        }
        let width = names.map(\.count).max() ?? 0
        let lines = zip(flags, names).map { flag, name in
            var line = "  \(pad(name, to: width))  \(flag.summary)"
            if let variable = flag.environment { line += " [env: \(variable)]" }
            if let value = flag.defaultValue { line += " [default: \(value)]" }
            return line
        }
        sections.append("Options:\n" + lines.joined(separator: "\n"))
        return sections.joined(separator: "\n\n")
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
