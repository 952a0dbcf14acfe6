import Testing

@testable import Storage

@Suite("Statement")
struct StatementTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path())
        try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB)")
    }

    @Test("a prepared statement binds, steps and resets for a loop of inserts")
    func bulkInsert() throws {
        let insert = try connection.prepare("INSERT INTO t (i, s) VALUES (?, ?)")
        for number in 1...50 {
            try insert.bind(number, at: 1)
            try insert.bind("row \(number)", at: 2)
            #expect(try insert.step() == nil)
            insert.reset()
        }
        #expect(try connection.queryFirst("SELECT count(*), sum(i) FROM t") { [$0.int(0), $0.int(1)] } == [50, 1275])
    }

    @Test("named parameters bind by their name, prefix included")
    func namedParameters() throws {
        let insert = try connection.prepare("INSERT INTO t (i, s) VALUES (:number, @text)")
        try insert.bind(7, named: ":number")
        try insert.bind("seven", named: "@text")
        _ = try insert.step()
        #expect(try connection.queryFirst("SELECT i, s FROM t") { "\($0.int(0)) \($0.string(1))" } == "7 seven")
        #expect(throws: SQLiteError.self) { try insert.bind(1, named: ":missing") }
    }

    @Test("a wrong number of arguments is an error, not a silent NULL")
    func argumentCount() {
        #expect(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO t (i, s) VALUES (?, ?)", 1)
        }
        #expect(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO t (i) VALUES (?)", 1, 2)
        }
    }

    @Test("reset clears bindings so no value leaks into the next run")
    func resetClearsBindings() throws {
        let insert = try connection.prepare("INSERT INTO t (s) VALUES (?)")
        try insert.bind("first", at: 1)
        _ = try insert.step()
        insert.reset()
        _ = try insert.step()
        #expect(try connection.query("SELECT s FROM t ORDER BY rowid") { $0.optionalString(0) } == ["first", nil])
    }
}
