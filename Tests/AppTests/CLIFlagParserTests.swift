import Testing
@testable import App

@Suite("kitchen flag parser")
struct CLIFlagParserTests {
    let parser = FlagParser([
        .option("port", valueName: "N", environment: "KITCHEN_PORT", default: "8080", summary: "Port."),
        .option("db", valueName: "PATH", environment: "KITCHEN_DB", summary: "Database."),
        .toggle("demo", environment: "KITCHEN_DEMO", summary: "Seed demo data."),
    ])

    @Test("--flag value and --flag=value both set the flag")
    func bothForms() throws {
        #expect(try parser.parse(["--port", "9000"]).string("port") == "9000")
        #expect(try parser.parse(["--port=9001"]).string("port") == "9001")
        #expect(try parser.parse(["--db=a=b"]).string("db") == "a=b")
    }

    @Test("a boolean flag is on when present and off when absent")
    func toggle() throws {
        #expect(try parser.parse(["--demo"]).bool("demo"))
        #expect(try !parser.parse([]).bool("demo"))
    }

    @Test("the environment fills a flag that is absent, and the command line wins")
    func environmentFallback() throws {
        let environment = ["KITCHEN_PORT": "7000", "KITCHEN_DB": "x.sqlite", "KITCHEN_DEMO": "yes"]
        let fromEnvironment = try parser.parse([], environment: environment)
        #expect(fromEnvironment.string("port") == "7000")
        #expect(fromEnvironment.string("db") == "x.sqlite")
        #expect(fromEnvironment.bool("demo"))
        #expect(try parser.parse(["--port", "1"], environment: environment).string("port") == "1")
        #expect(try !parser.parse([], environment: ["KITCHEN_DEMO": "0"]).bool("demo"))
    }

    @Test("the default applies when neither flag nor variable is given")
    func defaults() throws {
        let flags = try parser.parse([])
        #expect(flags.string("port") == "8080")
        #expect(flags.string("db") == nil)
    }

    @Test("positional arguments keep their order, and -- ends the flags")
    func positional() throws {
        let flags = try parser.parse(["a", "--demo", "b", "--", "--port", "-x"])
        #expect(flags.positional == ["a", "b", "--port", "-x"])
        #expect(flags.string("port") == "8080")
    }

    @Test("mistakes are reported as typed errors")
    func errors() {
        #expect(throws: FlagError.unknownFlag("--nope")) { try parser.parse(["--nope"]) }
        #expect(throws: FlagError.unknownFlag("-p")) { try parser.parse(["-p"]) }
        #expect(throws: FlagError.missingValue(flag: "port")) { try parser.parse(["--port"]) }
        #expect(throws: FlagError.unexpectedValue(flag: "demo")) { try parser.parse(["--demo=1"]) }
        #expect(throws: FlagError.self) { try parser.parse([], environment: ["KITCHEN_DEMO": "maybe"]) }
    }

    @Test("integer values are checked against their range, naming where the value came from")
    func integers() throws {
        #expect(try parser.parse(["--port", "80"]).int("port", in: 1...65535) == 80)
        #expect(throws: FlagError.invalidValue(
            flag: "port", value: "abc", expected: "an integer from 1 to 65535", source: "KITCHEN_PORT"
        )) {
            try parser.parse([], environment: ["KITCHEN_PORT": "abc"]).int("port", in: 1...65535)
        }
        #expect(throws: FlagError.self) { try parser.parse(["--port=70000"]).int("port", in: 1...65535) }
    }
}
