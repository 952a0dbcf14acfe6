/// One `kitchen` subcommand: its name, what it does, its flags, and the function that
/// runs it.
///
/// A command is a value defined in its own file (`extension CommandSpec { static let
/// serve = … }`) and listed once in `KitchenCLI.commands`; the CLI parses its flags,
/// answers `--help`, and reports usage errors, so `run` sees only valid input.
public struct CommandSpec: Sendable {
    /// The word after `kitchen`, e.g. `serve`.
    public var name: String
    /// One line for the command list.
    public var summary: String
    /// The synopsis after `Usage:`, e.g. `kitchen serve [--port N]`.
    public var usage: String
    /// Paragraphs shown by `kitchen COMMAND --help` after the synopsis; may be empty.
    public var discussion: String
    /// The flags the command accepts.
    public var flags: [FlagSpec]
    /// Runs the command and returns the exit status.
    public var run: @Sendable (CommandContext) -> Int32

    /// Creates a command.
    public init(
        name: String, summary: String, usage: String, discussion: String = "", flags: [FlagSpec] = [],
        run: @escaping @Sendable (CommandContext) -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.flags = flags
        self.run = run
    }
}

/// What a command receives: its parsed flags, the environment, and where to write.
public struct CommandContext: Sendable {
    /// The flags, already parsed against the command's `FlagSpec`s.
    public var flags: ParsedFlags
    /// The process environment (or a test's).
    public var environment: [String: String]
    /// Standard output and standard error.
    public var console: Console

    /// Creates a context, for tests that call a command's `run` directly.
    public init(flags: ParsedFlags, environment: [String: String] = [:], console: Console = .standard) {
        self.flags = flags
        self.environment = environment
        self.console = console
    }

    /// Writes `error: message` to standard error and returns 1, for a command's failures.
    public func fail(_ message: String) -> Int32 {
        console.printError("error: \(message)")
        return 1
    }
}
