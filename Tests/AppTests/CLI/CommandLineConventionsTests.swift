import Testing

@testable import App

@Suite("Command-line conventions")
struct CommandLineConventionsTests {
    @Test("every flag of every command has a KITCHEN_ environment variable")
    func everyFlagHasAVariable() {
        for command in KitchenCLI.commands {
            for flag in command.flags {
                #expect(flag.environment?.hasPrefix("KITCHEN_") == true, "kitchen \(command.name) --\(flag.name)")
            }
        }
    }

    @Test("every command answers --help with its usage, options and variables")
    func everyCommandHasHelp() {
        for command in KitchenCLI.commands {
            let run = runKitchen([command.name, "--help"])
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("Usage: kitchen \(command.name)"), "\(run.out)")
            #expect(run.out.contains("--help"))
        }
    }

    @Test("a taken port says what to do about it")
    func takenPortHint() {
        let hint = StartupHints.hint(for: "cannot start: could not listen on 127.0.0.1:8080: Address already in use")
        #expect(hint.contains("--port N (KITCHEN_PORT)"))
        #expect(StartupHints.hint(for: "something else") == "")
    }
}
