import Foundation
import Synchronization
import Testing

@testable import Storage

/// Commits describe what they changed, from the writer's pre-update hook, and reads what
/// they read, from the authorizer and the keys the code names: the values a cache matches.
@Suite("Change sets and read sets")
struct ChangeSetsTests {
    static let schema = [
        Migration(
            version: 1, name: "shop",
            sql: """
                CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, bio TEXT);
                CREATE TABLE lines (
                    id INTEGER PRIMARY KEY,
                    person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                    quantity INTEGER NOT NULL);
                CREATE TABLE likes (
                    person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                    line_id INTEGER NOT NULL, PRIMARY KEY (person_id, line_id)) WITHOUT ROWID;
                CREATE TABLE counts (id INTEGER PRIMARY KEY, likes INTEGER NOT NULL DEFAULT 0);
                CREATE TRIGGER liked AFTER INSERT ON likes BEGIN
                    UPDATE counts SET likes = likes + 1 WHERE id = NEW.line_id;
                END;
                CREATE VIRTUAL TABLE people_search USING fts5(name);
                INSERT INTO people VALUES (1, 'a', NULL), (2, 'b', NULL);
                INSERT INTO lines VALUES (10, 1, 1), (20, 2, 1);
                INSERT INTO counts VALUES (10, 0), (20, 0);
                """)
    ]

    let directory: TemporaryDirectory
    let db: Database
    let announced = Announced()

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database.open(path: directory.path(), migrations: Self.schema)
        let announced = self.announced
        db.observeChanges { change in announced.list.withLock { $0.append(change) } }
    }

    var catalog: DataCatalog { db.catalog! }
    func table(_ name: String) -> TableID { catalog.table(named: name)! }
    func key(_ table: String, _ column: String, _ value: Int64) -> RowKey {
        RowKey(table: self.table(table), column: catalog.keyColumn(column, of: self.table(table))!, value: value)
    }
    /// The changes announced by `write`, one set per commit.
    func changes(_ write: (Connection) throws -> Void) throws -> [ChangeSet] {
        announced.list.withLock { $0.removeAll() }
        try db.write(write)
        return announced.list.withLock { $0 }
    }

    @Test("an update reports the columns it changed and the row's keys, a trigger's rows too")
    func updatesAndTriggers() throws {
        let quantity = try #require(try changes { try $0.execute("UPDATE lines SET quantity = 2 WHERE id = 10") }.first)
        #expect(quantity.tables[table("lines")] == catalog[table("lines")].columnSet(named: ["quantity"]).subtracting(rows: true))
        #expect(quantity.keys == [key("lines", "id", 10), key("lines", "person_id", 1)])
        let unchanged = try #require(try changes { try $0.execute("UPDATE lines SET quantity = 2 WHERE id = 10") }.first)
        #expect(unchanged.tables[table("lines")]?.isEmpty == true)

        let liked = try #require(try changes { try $0.execute("INSERT INTO likes VALUES (2, 20)") }.first)
        #expect(liked.tables[table("likes")] == .all)
        #expect(liked.keys.isSuperset(of: [key("likes", "person_id", 2), key("likes", "line_id", 20), key("counts", "id", 20)]))
        #expect(liked.tables[table("counts")] == catalog[table("counts")].columnSet(named: ["likes"]).subtracting(rows: true))
    }

    @Test("a cascade reports every row it deletes; a full-text index's hidden tables count for it")
    func cascadesAndIndexes() throws {
        let deleted = try #require(try changes { try $0.execute("DELETE FROM people WHERE id = 1") }.first)
        #expect(deleted.keys.isSuperset(of: [key("people", "id", 1), key("lines", "id", 10), key("lines", "person_id", 1)]))
        let indexed = try #require(try changes { try $0.execute("INSERT INTO people_search (rowid, name) VALUES (2, 'b')") }.first)
        #expect(indexed.tables[table("people_search")] == .all)
    }

    @Test("a rollback announces nothing; another connection's commit is everything")
    func rollbackAndOthers() throws {
        #expect(throws: (any Error).self) {
            _ = try changes { c in
                try c.execute("UPDATE lines SET quantity = 5")
                throw SQLiteError.misuse("changed my mind")
            }
        }
        #expect(announced.list.withLock { $0 }.isEmpty)
        _ = try db.checkedDataGeneration()
        let other = try Database.open(path: directory.path(), migrations: Self.schema)
        try other.write { try $0.execute("UPDATE people SET bio = 'elsewhere' WHERE id = 2") }
        other.close()
        _ = try db.checkedDataGeneration()
        #expect(announced.list.withLock { $0 }.contains { $0.isEverything })
    }

    @Test("this process's own commits, checked for by readers while they are made, are never taken for another connection's")
    func ownCommitsUnderConcurrentChecks() throws {
        _ = try db.checkedDataGeneration()
        announced.list.withLock { $0.removeAll() }
        let writing = Atomic<Bool>(true)
        let failures = Atomic<Int>(0)
        let db = self.db
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                defer { writing.store(false, ordering: .releasing) }
                for n in 0..<400 {
                    do {
                        try db.write { try $0.execute("UPDATE lines SET quantity = \(n) WHERE id = 10") }
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
                return
            }
            while writing.load(ordering: .acquiring) {
                if (try? db.checkedDataGeneration()) == nil { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let list = announced.list.withLock { $0 }
        #expect(list.count == 400)
        #expect(!list.contains { $0.isEverything }, "every commit was this process's, described by its changes")
    }

    @Test("a read records its tables and columns, and the rows it names by a key")
    func reads() throws {
        let (_, plain) = try db.recordingReads {
            try db.read { c in try c.query("SELECT name FROM people WHERE bio IS NULL") { $0.string(0) } }
        }
        #expect(plain.keys.isEmpty && !plain.isUnbounded)
        #expect(plain.tables[table("people")] == catalog[table("people")].columnSet(named: ["name", "bio"]))
        let (_, keyed) = try db.recordingReads {
            try db.read(rowsOf: [("lines", "person_id")], 2) { c in
                try c.query("SELECT l.quantity, p.name FROM lines l JOIN people p ON p.id = l.person_id WHERE l.person_id = ?", 2) { $0.int(0) }
            }
        }
        #expect(keyed.keys == [key("lines", "person_id", 2)])
        #expect(keyed.tables[table("lines")] == nil && keyed.tables[table("people")] != nil)

        let cartChange = try #require(try changes { try $0.execute("UPDATE lines SET quantity = 3 WHERE id = 10") }.first)
        #expect(!cartChange.affects(keyed), "person 1's line leaves person 2's lines")
        #expect(cartChange.affects(plain) == false, "no column people's read was changed")
        let rename = try #require(try changes { try $0.execute("UPDATE people SET name = 'c' WHERE id = 1") }.first)
        #expect(rename.affects(plain) && rename.affects(keyed), "both read people's names in whole")
    }
}

extension ColumnSet {
    /// The set without the `rows` bit, as an update reports it.
    func subtracting(rows: Bool) -> ColumnSet { ColumnSet(rawValue: rawValue & ~ColumnSet.rows.rawValue) }
}

/// The change sets a database announced, in order.
final class Announced: Sendable {
    let list = Mutex<[ChangeSet]>([])
}
