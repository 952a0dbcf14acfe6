import Foundation
import Testing

/// Runs `Tests/Faults/faults.py` in short form against the built `kitchen` binary: SIGKILL
/// under a write load and under orders, a database that turns read-only, a full disk,
/// SIGTERM under load; in scripts/test's PostgreSQL pass, SIGKILL under orders on the test
/// cluster, SIGKILL of a PostgreSQL cluster of the test's own (every transport answers 503
/// meanwhile) and a dead network path to the test cluster (503 within `--db-timeout`).
///
/// The scenarios need a real process to kill, so they live in a script; this test is how
/// the suite runs them. Longer runs: `Tests/Faults/faults.py --seconds 30`.
@Suite("fault scripts", .serialized)
struct FaultScriptTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/kitchen`, which `swift test` builds with the tests.
    static var kitchenBinary: String? {
        if let explicit = ProcessInfo.processInfo.environment["KITCHEN_BINARY"] { return explicit }
        let candidates = ["debug", "release"].map {
            root.appendingPathComponent(".build/\($0)/kitchen").path
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The scenarios of this run's store (the others are about a SQLite file).
    static let scenarios =
        ProcessInfo.processInfo.environment["KITCHEN_TEST_STORE"] == "postgres"
        ? ["orders", "postmaster", "blackhole"] : ["sigkill", "orders", "readonly", "diskfull", "sigterm"]

    @Test(
        "SIGKILL of Kitchen or of PostgreSQL, a read-only file, a full disk and SIGTERM lose nothing acknowledged and answer clearly",
        arguments: scenarios)
    func scenario(_ name: String) throws {
        let binary = try #require(Self.kitchenBinary, "build kitchen first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.root.appendingPathComponent("Tests/Faults/faults.py").path,
            "--seconds", "2", name,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["KITCHEN_BINARY"] = binary
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name):\n\(text)")
    }
}
