import Foundation
import KitchenTestSupport
import Testing

/// The GraphQL-over-HTTP audit of the conformance material (`conformance/http_audit.py`),
/// run against a live server; `scripts/conformance` runs these.
@Suite("GraphQL-over-HTTP audit", .enabled(if: OutsideMaterial.isGiven, "needs the conformance material: run scripts/conformance"))
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

    @Test("the audit passes against Kitchen itself, on the product schema and demo data", arguments: [["--extra", "--strict"], ["--extra", "--strict", "--literal"]])
    func auditKitchen(flags: [String]) throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let (status, output) = try Self.run(
            ["python3", Self.auditScript.path, "http://127.0.0.1:\(server.server.port)/graphql"] + flags)
        let problems = output.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("WARN") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(status == 0, "\(output)")
    }

    /// `conformance/http_audit.py` in the conformance material.
    static var auditScript: URL {
        OutsideMaterial.url("conformance/http_audit.py") ?? URL(fileURLWithPath: "/nonexistent")
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
