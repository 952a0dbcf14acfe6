import Foundation

/// The `kitchen` command line: finds the command, parses its flags, runs it.
///
/// `main.swift` only calls `exit(KitchenCLI.run(CommandLine.arguments))`; everything
/// else lives here so that it can be tested as a function.
public enum KitchenCLI {
    /// The version `kitchen --version` prints.
    public static let version = "0.1.0"

    /// What `kitchen --version` and `kitchen version` print: the version and the allocator.
    static var versionLine: String { "kitchen \(version) (\(Allocator.description))" }

    /// Exit status for a command line that could not be understood.
    public static let usageError: Int32 = 2

    /// Every command, in the order `kitchen --help` lists them.
    /// To add one: define `static let name: CommandSpec` in `Commands/Name.swift`, and
    /// add it here.
    public static let commands: [CommandSpec] = [
        .help,
        .version,
        .serve,
        .seed,
        .migrateData,
        .format,
        .check,
        .schema,
        .persist,
    ]

    /// Runs the command line `arguments` (the first is the program name) and returns
    /// the exit status: 0 success, 1 failure, 2 usage error.
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .standard
    ) -> Int32 {
        let words = Array(arguments.dropFirst())
        guard let first = words.first else {
            console.print(overview())
            return 0
        }
        switch first {
        case "--help", "-h":
            console.print(overview())
            return 0
        case "--version", "-V":
            console.print(versionLine)
            return 0
        default:
            break
        }
        guard let command = command(named: first) else {
            let kind = first.hasPrefix("-") ? "option" : "command"
            console.printError("kitchen: unknown \(kind) '\(first)'. Run 'kitchen --help' to see the commands.")
            return usageError
        }
        return run(command, arguments: Array(words.dropFirst()), environment: environment, console: console)
    }

    /// The command called `name`, if there is one.
    public static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    private static func run(
        _ command: CommandSpec, arguments: [String], environment: [String: String], console: Console
    ) -> Int32 {
        let flagWords = arguments.prefix { $0 != "--" }
        if flagWords.contains("--help") || flagWords.contains("-h") {
            console.print(help(for: command))
            return 0
        }
        do {
            let flags = try FlagParser(command.flags).parse(arguments, environment: environment)
            return command.run(CommandContext(flags: flags, environment: environment, console: console))
        } catch {
            console.printError(
                "kitchen \(command.name): \(error). Run 'kitchen \(command.name) --help' for usage.")
            return usageError
        }
    }
}
