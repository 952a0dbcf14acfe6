import Foundation
import Testing

@testable import Storage

@Suite("Connection")
struct ConnectionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path())
        try connection.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    @Test("the writer opens in WAL mode with foreign keys on and full sync")
    func writerPragmas() throws {
        #expect(try connection.queryFirst("PRAGMA journal_mode") { $0.string(0) } == "wal")
        #expect(try connection.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
        #expect(try connection.queryFirst("PRAGMA synchronous") { $0.int(0) } == 2)
        #expect(try connection.queryFirst("PRAGMA busy_timeout") { $0.int(0) } == 5000)
    }

    @Test("a read-only connection refuses writes and never checkpoints")
    func readOnly() throws {
        let reader = try Connection(path: directory.path(), access: .readOnly)
        #expect(try reader.queryFirst("PRAGMA wal_autocheckpoint") { $0.int(0) } == 0)
        #expect(try reader.queryFirst("PRAGMA query_only") { $0.int(0) } == 1)
        let error = #expect(throws: SQLiteError.self) {
            try reader.execute("INSERT INTO users (name) VALUES ('x')")
        }
        #expect(error?.code == 8)  // SQLITE_READONLY
    }

    @Test("execute reports the new row id and the number of changed rows")
    func lastInsertRowIDAndChanges() throws {
        try connection.execute("INSERT INTO users (name) VALUES (?)", "Ann")
        #expect(connection.lastInsertRowID == 1)
        try connection.execute("INSERT INTO users (name) VALUES (?)", "Bob")
        try connection.execute("UPDATE users SET name = name || '!'")
        #expect(connection.changes == 2)
    }

    @Test("query maps rows in order and queryFirst takes the first or nil")
    func queryRows() throws {
        for name in ["Ann", "Bob", "红烧"] { try connection.execute("INSERT INTO users (name) VALUES (?)", name) }
        let names = try connection.query("SELECT name FROM users ORDER BY id") { $0.string(0) }
        #expect(names == ["Ann", "Bob", "红烧"])
        #expect(try connection.queryFirst("SELECT id FROM users WHERE name = ?", "Bob") { $0.int(0) } == 2)
        #expect(try connection.queryFirst("SELECT id FROM users WHERE name = ?", "Zed") { $0.int(0) } == nil)
    }

    @Test("every executed statement counts on the connection and in the process")
    func statementCounter() throws {
        let before = connection.statementCount
        let globalBefore = Connection.totalStatementCount
        try connection.execute("INSERT INTO users (name) VALUES (?)", "Ann")
        _ = try connection.query("SELECT name FROM users") { $0.string(0) }
        _ = try connection.queryFirst("SELECT count(*) FROM users") { $0.int(0) }
        try connection.transaction { _ in }  // BEGIN and COMMIT are not the caller's statements
        #expect(connection.statementCount - before == 3)
        #expect(Connection.totalStatementCount - globalBefore >= 3)
    }

    @Test("the thread's count sees this thread's statements and no other's")
    func threadCounter() throws {
        let before = ThreadStatementCount.current
        try connection.execute("INSERT INTO users (name) VALUES (?)", "Ann")
        _ = try connection.query("SELECT name FROM users") { $0.string(0) }
        let path = connection.path
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            if let elsewhere = try? Connection(path: path) {
                for _ in 0..<5 { _ = try? elsewhere.query("SELECT 1") { $0.int(0) } }
            }
            done.signal()
        }
        other.start()
        done.wait()
        #expect(ThreadStatementCount.current - before == 2)
    }

    @Test("the same SQL text reuses one prepared statement")
    func statementCacheReuse() throws {
        let sql = "SELECT name FROM users WHERE id = ?"
        _ = try connection.queryFirst(sql, 1) { $0.string(0) }
        let first = try #require(connection.cache[SQLKey(sql)])
        _ = try connection.queryFirst(sql, 2) { $0.string(0) }
        #expect(connection.cache[SQLKey(sql)] === first)
    }

    @Test("a query run inside another's row closure with the same SQL gets its own statement")
    func reentrantQuery() throws {
        for name in ["Ann", "Bob"] { try connection.execute("INSERT INTO users (name) VALUES (?)", name) }
        let sql = "SELECT id, name FROM users ORDER BY id"
        let pairs = try connection.query(sql) { outer in
            try connection.query(sql) { inner in "\(outer.string(1))-\(inner.string(1))" }
        }
        #expect(pairs == [["Ann-Ann", "Ann-Bob"], ["Bob-Ann", "Bob-Bob"]])
    }

    @Test("an error carries the SQL and the codes but never the bound values")
    func errorsHideBoundValues() throws {
        try connection.execute("CREATE UNIQUE INDEX users_name ON users (name)")
        try connection.execute("INSERT INTO users (name) VALUES (?)", "secret-password")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO users (name) VALUES (?)", "secret-password")
        }
        #expect(error?.sql == "INSERT INTO users (name) VALUES (?)")
        #expect(error?.isUniqueViolation == true)
        #expect(error?.description.contains("secret-password") == false)
        #expect(error?.message.contains("secret-password") == false)
    }

    @Test("a syntax error names the SQL that failed")
    func syntaxError() {
        let error = #expect(throws: SQLiteError.self) { try connection.execute("SELEKT 1") }
        #expect(error?.sql == "SELEKT 1")
        #expect(error?.message.contains("syntax error") == true)
    }

    @Test("execute refuses a string of several statements instead of running only the first")
    func severalStatements() {
        #expect(throws: SQLiteError.self) {
            try connection.execute("DELETE FROM users; DROP TABLE users")
        }
    }

    @Test("executeScript runs every statement of a script in order")
    func script() throws {
        try connection.executeScript(
            """
            CREATE TABLE a (x INTEGER); -- a comment
            INSERT INTO a VALUES (1);
            INSERT INTO a VALUES (2);
            """)
        #expect(try connection.queryFirst("SELECT sum(x) FROM a") { $0.int(0) } == 3)
    }

    @Test("a closed connection throws instead of crashing")
    func closed() {
        connection.close()
        #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
    }
}
