import Synchronization
import Testing
@testable import App

/// Runs `kitchen` with `arguments` and returns the exit status and what it printed.
private func kitchen(
    _ arguments: String..., environment: [String: String] = [:]
) -> (status: Int32, out: String, error: String) {
    let out = Mutex(""), error = Mutex("")
    let console = Console(out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let status = KitchenCLI.run(["kitchen"] + arguments, environment: environment, console: console)
    return (status, out.withLock { $0 }, error.withLock { $0 })
}

@Suite("kitchen command line")
struct CLITests {
    @Test("no arguments prints the version and every command, and succeeds")
    func overview() {
        let result = kitchen()
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("kitchen \(KitchenCLI.version)"))
        for command in KitchenCLI.commands {
            #expect(result.out.contains("  \(command.name) "))
        }
        #expect(result.error.isEmpty)
    }

    @Test("--help and -h print the same overview as no arguments")
    func help() {
        #expect(kitchen("--help").out == kitchen().out)
        #expect(kitchen("-h").out == kitchen().out)
        #expect(kitchen("help").out == kitchen().out)
    }

    @Test("--version and the version command print the version and the allocator, which serves malloc")
    func version() {
        #expect(kitchen("--version").out == "kitchen \(KitchenCLI.version) (\(Allocator.description))\n")
        #expect(kitchen("version").out == "kitchen \(KitchenCLI.version) (\(Allocator.description))\n")
        #expect(Allocator.description.hasPrefix("mimalloc 2."))
        #expect(Allocator.servesMalloc)
    }

    @Test("an unknown command says what to do and exits 2")
    func unknownCommand() {
        let result = kitchen("serv")
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error.contains("unknown command 'serv'"))
        #expect(result.error.contains("kitchen --help"))
    }

    @Test("an unknown top-level option is reported as an option")
    func unknownOption() {
        let result = kitchen("--verbose")
        #expect(result.status == 2)
        #expect(result.error.contains("unknown option '--verbose'"))
    }

    @Test("COMMAND --help prints its usage and options instead of running it")
    func commandHelp() {
        let result = kitchen("version", "--help")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Usage: kitchen version"))
        #expect(result.out.contains("--help"))
        #expect(kitchen("help", "version").out == result.out)
    }

    @Test("a bad flag names the command and points at its help, exit 2")
    func badFlag() {
        let result = kitchen("version", "--port=1")
        #expect(result.status == 2)
        #expect(result.error == "kitchen version: unknown flag '--port'. Run 'kitchen version --help' for usage.\n")
    }

    @Test("help for an unknown command fails with exit 2")
    func helpUnknown() {
        #expect(kitchen("help", "nope").status == 2)
    }

    @Test("command help lists each flag's variable and default")
    func flagHelp() {
        let command = CommandSpec(
            name: "demo", summary: "Demo.", usage: "kitchen demo [--port N]",
            flags: [.option("port", valueName: "N", environment: "KITCHEN_PORT", default: "8080", summary: "Port.")]
        ) { _ in 0 }
        let text = KitchenCLI.help(for: command)
        #expect(text.contains("--port N  Port. [env: KITCHEN_PORT] [default: 8080]"))
    }

    @Test("command names are unique")
    func uniqueNames() {
        let names = KitchenCLI.commands.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
