extension CommandSpec {
    /// `kitchen version`: the same as `kitchen --version`.
    public static let version = CommandSpec(
        name: "version", summary: "Print the version.", usage: "kitchen version"
    ) { context in
        context.console.print(KitchenCLI.versionLine)
        return 0
    }
}
