import HTTPServer
import Testing
@testable import App

@Suite("kitchen server flags")
struct CLIServerFlagsTests {
    private func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServerFlags.configuration(from: FlagParser(ServerFlags.all).parse(arguments, environment: environment))
    }

    @Test("no flags give the server's own defaults")
    func defaults() throws {
        let parsed = try configuration([])
        let defaults = ServerConfiguration()
        #expect(parsed.host == defaults.host)
        #expect(parsed.port == defaults.port)
        #expect(parsed.threadCount == defaults.threadCount)
        #expect(parsed.maxBodySize == defaults.maxBodySize)
        #expect(parsed.connectionMemoryLimit == defaults.connectionMemoryLimit)
        #expect(parsed.connectionTimeout == defaults.connectionTimeout)
        #expect(parsed.shutdownGracePeriod == defaults.shutdownGracePeriod)
    }

    @Test("flags and KITCHEN_ variables set every field")
    func everyField() throws {
        let parsed = try configuration(
            ["--host", "::1", "--port=9000", "--threads", "3", "--max-connections", "10",
             "--max-connections-per-address", "4", "--connection-timeout", "7"],
            environment: ["KITCHEN_MAX_BODY_BYTES": "2048", "KITCHEN_SHUTDOWN_GRACE": "2", "KITCHEN_PORT": "1",
                          "KITCHEN_MAX_HEAD_BYTES": "8192"])
        #expect(parsed.host == "::1")
        #expect(parsed.port == 9000)
        #expect(parsed.threadCount == 3)
        #expect(parsed.maxConnections == 10)
        #expect(parsed.maxConnectionsPerAddress == 4)
        #expect(parsed.connectionTimeout == .seconds(7))
        #expect(parsed.maxBodySize == 2048)
        #expect(parsed.shutdownGracePeriod == .seconds(2))
        #expect(parsed.connectionMemoryLimit == 8192)
    }

    @Test("a port out of range is a flag error naming its source")
    func badPort() {
        #expect(throws: FlagError.invalidValue(
            flag: "port", value: "70000", expected: "an integer from 0 to 65535", source: "KITCHEN_PORT"
        )) { try configuration([], environment: ["KITCHEN_PORT": "70000"]) }
    }
}
