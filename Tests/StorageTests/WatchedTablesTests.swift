import Foundation
import Synchronization
import Testing

@testable import Storage

@Suite("Watched tables")
struct WatchedTablesTests {
    /// A parent, a watched child with a foreign key to it, and a table nobody watches.
    static let schema = [
        Migration(
            version: 1, name: "people",
            sql: """
                CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE tokens (
                    id INTEGER PRIMARY KEY,
                    person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                    digest TEXT NOT NULL UNIQUE);
                CREATE TABLE carts (id INTEGER PRIMARY KEY, quantity INTEGER NOT NULL);
                INSERT INTO people VALUES (1, 'a'), (2, 'b');
                INSERT INTO carts VALUES (1, 1);
                """)
    ]

    let directory: TemporaryDirectory
    let db: Database

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database.open(path: directory.path(), migrations: Self.schema)
        db.watchChanges(to: "tokens")
    }

    /// The watched generation as a caller reads it: after checking the data generation.
    func watched() throws -> UInt64 {
        _ = try db.checkedDataGeneration()
        return db.watchedGeneration
    }

    @Test("writes to other tables move the data generation but not the watched one")
    func otherTablesLeaveIt() throws {
        let before = try watched()
        let data = try db.checkedDataGeneration()
        for quantity in 2...6 {
            try db.write { try $0.execute("UPDATE carts SET quantity = ? WHERE id = 1", quantity) }
        }
        #expect(try db.checkedDataGeneration() > data)
        #expect(try watched() == before)
    }

    @Test("inserting, updating and deleting a watched row each move it")
    func ownChangesMoveIt() throws {
        var last = try watched()
        let changes = [
            "INSERT INTO tokens (person_id, digest) VALUES (1, 'x')",
            "UPDATE tokens SET digest = 'y' WHERE digest = 'x'",
            "DELETE FROM tokens WHERE digest = 'y'",
        ]
        for change in changes {
            try db.write { try $0.execute(change) }
            let moved = try watched()
            #expect(moved > last, "\(change) went unseen")
            last = moved
        }
    }

    @Test("a delete cascading from the parent, and a delete of every row, move it")
    func cascadesAndDeletingAll() throws {
        try db.write { try $0.execute("INSERT INTO tokens (person_id, digest) VALUES (1, 'a'), (2, 'b')") }
        var last = try watched()
        try db.write { try $0.execute("DELETE FROM people WHERE id = 1") }
        #expect(try watched() > last)
        last = try watched()
        // No WHERE: SQLite would empty a table no foreign key touches without telling the hook.
        try db.write { try $0.execute("DELETE FROM tokens") }
        #expect(try watched() > last)
        #expect(try db.read { try $0.queryFirst("SELECT count(*) FROM tokens") { $0.int(0) } } == 0)
    }

    @Test("a write that rolls back after touching a watched row still moves it (never too little)")
    func rolledBack() throws {
        struct Refused: Error {}
        let last = try watched()
        #expect(throws: Refused.self) {
            try db.write { c in
                try c.execute("INSERT INTO tokens (person_id, digest) VALUES (1, 'z')")
                throw Refused()
            }
        }
        #expect(try watched() > last)
    }

    @Test("any commit by another connection moves it, whatever table it changed")
    func otherConnections() throws {
        let elsewhere = try Connection(path: directory.path())
        var last = try watched()
        for quantity in 2...6 {
            try elsewhere.execute("UPDATE carts SET quantity = ? WHERE id = 1", quantity)
            let moved = try watched()
            #expect(moved > last)
            last = moved
        }
    }

    @Test("another connection's commit just before one of ours moves it, though watchers skip asking about commits before ours")
    func otherCommitBeforeOurs() throws {
        let elsewhere = try Connection(path: directory.path())
        let last = try watched()
        try elsewhere.execute("UPDATE carts SET quantity = 40 WHERE id = 1")
        try db.write { try $0.execute("UPDATE carts SET quantity = 41 WHERE id = 1") }
        #expect(try watched() > last)
    }

    @Test("a thread's first check after this process's own commits moves neither generation")
    func newThreadAfterOwnCommits() throws {
        _ = try watched()
        try db.write { try $0.execute("UPDATE carts SET quantity = 50 WHERE id = 1") }
        let data = try db.checkedDataGeneration()
        let tables = db.watchedGeneration
        let seen = Mutex<(data: UInt64, tables: UInt64)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread { [db] in
            if let data = try? db.checkedDataGeneration() {
                seen.withLock { $0 = (data, db.watchedGeneration) }
            }
            done.signal()
        }.start()
        done.wait()
        let other = try #require(seen.withLock { $0 })
        #expect(other.data == data)
        #expect(other.tables == tables)
    }
}
