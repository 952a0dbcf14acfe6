import Foundation
import Testing

@testable import Storage

/// Which store the tests that take one run against: SQLite unless `KITCHEN_TEST_STORE`
/// says `postgres` (scripts/test's second pass, which starts a cluster and names it in
/// `KITCHEN_TEST_POSTGRES`).
enum TestStoreKind: String {
    case sqlite, postgres

    static let current = TestStoreKind(
        rawValue: ProcessInfo.processInfo.environment["KITCHEN_TEST_STORE"] ?? "sqlite") ?? .sqlite
}

/// A fresh, empty store of the kind the run is for: a SQLite file in its own directory, or
/// a PostgreSQL schema of its own in the test cluster's database (dropped afterwards), so
/// tests run in parallel without seeing each other's rows.
///
/// Suites whose name ends in `StoreTests` take one, and scripts/test runs them on both.
final class TestStore: @unchecked Sendable {
    let kind = TestStoreKind.current
    /// The clock every repository reads; each reading is a millisecond after the last.
    let now: ManualClock
    private let sqlite: TestDatabase?
    private let postgres: (database: PostgresDatabase, schema: PostgresScratchSchema)?
    /// The SQLite database of a SQLite run (nil on PostgreSQL).
    var sqliteDatabase: TestDatabase? { sqlite }
    /// The PostgreSQL database of a PostgreSQL run (nil on SQLite).
    var postgresDatabase: PostgresDatabase? { postgres?.database }

    init() throws {
        switch kind {
        case .sqlite:
            let database = try TestDatabase()
            sqlite = database
            now = database.now
            postgres = nil
        case .postgres:
            let base = try #require(
                ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"],
                "KITCHEN_TEST_POSTGRES names the test cluster (scripts/test starts one)")
            let schema = try PostgresScratchSchema(in: base)
            let database = try PostgresDatabase.open(url: schema.url, poolSize: 4)
            postgres = (database, schema)
            sqlite = nil
            now = ManualClock()
        }
    }

    deinit {
        postgres?.database.close()
        postgres?.schema.drop()
    }

    var clock: Clock { { [now] in now.tick() } }

    var users: any UserStore {
        if let postgres { return PostgresUsers(database: postgres.database, clock: clock) }
        return sqlite!.users
    }

    /// Makes a user with a throwaway password hash.
    func user(_ username: String, member: Bool = false) throws -> User {
        try users.createUser(username: username, name: username.capitalized, passwordHash: "x", isMember: member)
    }
}
