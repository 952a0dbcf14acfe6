import Foundation
import Testing

/// The GraphQL-over-HTTP audit from `../shared/conformance/`, run against a live server.
@Suite("GraphQL-over-HTTP audit")
struct HTTPAuditTests {
    @Test("the audit reports no FAIL and no WARN", arguments: [[], ["--extra"], ["--literal"], ["--extra", "--literal"]])
    func audit(flags: [String]) throws {
        let script = Self.auditScript
        try #require(FileManager.default.fileExists(atPath: script.path), "missing \(script.path)")
        try TinyGraphQLServer.with { server in
            let (status, output) = try Self.run(["python3", script.path, server.url] + flags)
            let lines = output.split(separator: "\n")
            let problems = lines.filter { $0.hasPrefix("FAIL") || $0.hasPrefix("WARN") }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            #expect(status == 0, "\(output)")
            #expect(lines.contains { $0.contains("passed") }, "no summary line:\n\(output)")
        }
    }

    @Test("the audit passes against Kitchen itself, on the product schema and demo data", arguments: [["--extra"], ["--extra", "--literal"]])
    func auditKitchen(flags: [String]) throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let (status, output) = try Self.run(
            ["python3", Self.auditScript.path, "http://127.0.0.1:\(server.server.port)/graphql"] + flags)
        let problems = output.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("WARN") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(status == 0, "\(output)")
    }

    /// `../shared/conformance/http_audit.py`, beside the package root.
    static var auditScript: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/http_audit.py")
    }

    static func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
