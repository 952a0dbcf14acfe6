import Testing

@testable import Storage

@Suite("Migrations")
struct MigratorTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let steps = [
        Migration(version: 1, name: "create users", sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"),
        Migration(version: 2, name: "add bio", sql: "ALTER TABLE users ADD COLUMN bio TEXT; CREATE INDEX users_name ON users (name);"),
        Migration(version: 3, name: "seed admin") { c in
            try c.execute("INSERT INTO users (name) VALUES (?)", "admin")
        },
    ]

    @Test("pending steps run in order and the version is recorded")
    func appliesInOrder() throws {
        let c = try Connection(path: directory.path())
        #expect(try Migrator(Array(Self.steps.prefix(2))).migrate(c) == [1, 2])
        #expect(try Migrator.version(of: c) == 2)
        #expect(try Migrator(Self.steps).migrate(c) == [3])
        #expect(try Migrator(Self.steps).migrate(c) == [])
        #expect(try c.queryFirst("SELECT name FROM users") { $0.string(0) } == "admin")
    }

    @Test("a database newer than the newest migration is refused untouched")
    func refusesNewer() throws {
        let c = try Connection(path: directory.path())
        try Migrator(Self.steps).migrate(c)
        try c.execute("PRAGMA user_version = 7")
        let error = #expect(throws: MigrationError.self) { try Migrator(Self.steps).migrate(c) }
        #expect(error == .databaseIsNewer(found: 7, latest: 3))
        #expect(
            error?.description
                == "database schema version 7 is newer than this kitchen (3); upgrade kitchen or use another --db")
    }

    @Test("Database.open migrates, and refuses a newer database")
    func databaseOpen() throws {
        let path = directory.path()
        let db = try Database.open(path: path, migrations: Self.steps)
        #expect(try db.read { try Migrator.version(of: $0) } == 3)
        db.close()
        #expect(throws: MigrationError.databaseIsNewer(found: 3, latest: 1)) {
            try Database.open(path: path, migrations: Array(Self.steps.prefix(1)))
        }
    }

    @Test("a failing step leaves neither its changes nor its version")
    func failingStepRollsBack() throws {
        let c = try Connection(path: directory.path())
        let broken = [
            Self.steps[0],
            Migration(version: 2, name: "half broken", sql: "CREATE TABLE x (a); INSERT INTO nowhere VALUES (1);"),
        ]
        let error = #expect(throws: MigrationError.self) { try Migrator(broken).migrate(c) }
        guard case .stepFailed(2, "half broken", let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.contains("no such table: nowhere"))
        #expect(try Migrator.version(of: c) == 1)
        #expect(try c.queryFirst("SELECT count(*) FROM sqlite_schema WHERE name = 'x'") { $0.int(0) } == 0)
    }

    @Test("a list with a gap or out of order is refused before anything runs")
    func invalidList() throws {
        let c = try Connection(path: directory.path())
        #expect(throws: MigrationError.self) { try Migrator([Self.steps[0], Self.steps[2]]).migrate(c) }
        #expect(try Migrator.version(of: c) == 0)
    }
}
