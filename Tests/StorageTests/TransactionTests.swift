import Testing

@testable import Storage

private struct Rejected: Error {}

@Suite("Transactions")
struct TransactionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path())
        try connection.execute("CREATE TABLE t (x INTEGER NOT NULL)")
    }

    private func count() throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM t") { $0.int(0) } ?? -1
    }

    @Test("a transaction commits when its closure returns")
    func commits() throws {
        let value = try connection.transaction { c in
            try c.execute("INSERT INTO t VALUES (1)")
            try c.execute("INSERT INTO t VALUES (2)")
            return 42
        }
        #expect(value == 42)
        #expect(try count() == 2)
        #expect(!connection.isInTransaction)
    }

    @Test("a transaction whose closure throws leaves nothing behind")
    func rollsBack() throws {
        #expect(throws: Rejected.self) {
            try connection.transaction { c in
                try c.execute("INSERT INTO t VALUES (1)")
                throw Rejected()
            }
        }
        #expect(try count() == 0)
        #expect(!connection.isInTransaction)
    }

    @Test("a failing statement rolls back the earlier ones of its transaction")
    func failingStatement() throws {
        let nothing: Int? = nil
        #expect(throws: SQLiteError.self) {
            try connection.transaction { c in
                try c.execute("INSERT INTO t VALUES (1)")
                try c.execute("INSERT INTO t VALUES (?)", nothing)  // NOT NULL
            }
        }
        #expect(try count() == 0)
    }

    @Test("a nested transaction is a savepoint: its failure undoes only itself")
    func nestedSavepoint() throws {
        try connection.transaction { c in
            try c.execute("INSERT INTO t VALUES (1)")
            try? c.transaction { inner in
                try inner.execute("INSERT INTO t VALUES (2)")
                throw Rejected()
            }
            try c.transaction { inner in try inner.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try connection.query("SELECT x FROM t ORDER BY x") { $0.int(0) } == [1, 3])
    }

    @Test("a read transaction sees one snapshot even while another connection commits")
    func readSnapshot() throws {
        try connection.execute("INSERT INTO t VALUES (1)")
        let reader = try Connection(path: directory.path(), access: .readOnly)
        let counts = try reader.readTransaction { r in
            let before = try r.queryFirst("SELECT count(*) FROM t") { $0.int(0) }
            try connection.execute("INSERT INTO t VALUES (2)")
            let after = try r.queryFirst("SELECT count(*) FROM t") { $0.int(0) }
            return [before, after]
        }
        #expect(counts == [1, 1])
        #expect(try reader.queryFirst("SELECT count(*) FROM t") { $0.int(0) } == 2)
    }
}
