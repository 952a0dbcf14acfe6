import Foundation
import Storage
import Synchronization
import Testing

@testable import App

@Suite("kitchen seed")
struct SeedCommandTests {
    @Test("seeding N recipes writes N recipes and proportional users, with progress")
    func seeds() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seed.sqlite").path
        let output = CapturedOutput()
        let status = KitchenCLI.run(
            ["kitchen", "seed", "--db", path, "--scale", "120"], environment: [:],
            console: Console(out: { output.add(out: $0) }, error: { output.add(error: $0) }))
        #expect(status == 0)
        #expect(output.out.contains("120 recipes"))
        #expect(output.error.contains("120/120 recipes (100%)"))
        let database = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { database.close() }
        let counts = try database.read { c in
            (try c.queryFirst("SELECT count(*) FROM recipes") { $0.int(0) } ?? 0,
             try c.queryFirst("SELECT count(*) FROM users") { $0.int(0) } ?? 0)
        }
        #expect(counts.0 == 120)
        #expect(counts.1 >= 12)
    }

    @Test("a scale out of range is a usage error that names the flag")
    func badScale() {
        let output = CapturedOutput()
        let status = KitchenCLI.run(
            ["kitchen", "seed", "--scale", "0"], environment: [:],
            console: Console(out: { output.add(out: $0) }, error: { output.add(error: $0) }))
        #expect(status == 1)
        #expect(output.error.contains("--scale"))
    }
}

/// What a command printed, collected from any thread.
final class CapturedOutput: Sendable {
    private let text = Mutex<(out: String, error: String)>(("", ""))
    func add(out: String) { text.withLock { $0.out += out } }
    func add(error: String) { text.withLock { $0.error += error } }
    var out: String { text.withLock { $0.out } }
    var error: String { text.withLock { $0.error } }
}
