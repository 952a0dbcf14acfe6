import Foundation

@testable import Storage

/// A fresh, empty Kitchen database for one test on the run's store — a SQLite file in a
/// temporary directory, or, in scripts/test's PostgreSQL pass, a schema of its own in the
/// test cluster, as `TestServer` uses — for fixtures that serve a tiny schema of their own
/// over the real tables (`TinyUploadServer`, `TinySubscriptionServer`) or call storage
/// directly.
final class ScratchDatabase: Sendable {
    let directory: URL
    /// The database: a file path or a `postgres://` connection string.
    let location: String
    let database: any KitchenDatabase
    private let schema: PostgresScratchSchema?

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var schema: PostgresScratchSchema?
        if TestServer.onPostgres {
            guard let base = ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"] else {
                throw PostgresError.misuse("KITCHEN_TEST_POSTGRES names the test cluster (scripts/test starts one)")
            }
            schema = try PostgresScratchSchema(in: base)
        }
        self.schema = schema
        location = schema?.url ?? directory.appendingPathComponent("kitchen.sqlite").path
        database = try StoreLocation(location).open(poolSize: 2, mediaFolder: directory.appendingPathComponent("media").path)
    }

    /// The repositories over the database.
    var repositories: Repositories { database.repositories(clock: { Date() }, cachesReferents: false) }

    /// Another database on the same file or schema, as another process would open it.
    func openAnother() throws -> any KitchenDatabase {
        try StoreLocation(location).open(poolSize: 1, mediaFolder: directory.appendingPathComponent("media").path)
    }

    /// The first column of each row `sql` returns, as text; `sql` has no parameters, so it
    /// reads the same on both stores.
    func strings(_ sql: String) throws -> [String?] {
        if let postgres = database as? PostgresDatabase {
            return try postgres.read { try $0.query(sql) { $0.optionalString(0) } }
        }
        guard let sqlite = database as? Database else { return [] }
        return try sqlite.read { try $0.query(sql) { $0.optionalString(0) } }
    }

    /// Appends an event to the event log through `another` database (`openAnother`).
    static func appendEvent(topic: String, payload: String, through another: any KitchenDatabase) throws {
        if let postgres = another as? PostgresDatabase {
            try postgres.write { try PostgresEvents.append(topic: topic, payload: payload, $0) }
        } else if let sqlite = another as? Database {
            try sqlite.write { try EventLog.append(topic: topic, payload: payload, $0) }
        }
    }

    /// Closes the database and removes it (the file, or the schema).
    func close() {
        database.close()
        schema?.drop()
        try? FileManager.default.removeItem(at: directory)
    }
}
