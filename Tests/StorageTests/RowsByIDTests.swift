import Testing

@testable import Storage

@Suite("Rows by primary key")
struct RowsByIDTests {
    static let query = ByIDQuery(from: "users", columns: "id, name")

    static func users() throws -> (TemporaryDirectory, Connection) {
        let directory = try TemporaryDirectory()
        let c = try Connection(path: directory.path())
        try c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        try c.execute("BEGIN")
        for id in 1...3000 { try c.execute("INSERT INTO users VALUES (?, ?)", id, "user \(id)") }
        try c.execute("COMMIT")
        return (directory, c)
    }

    @Test("each listed row comes back once; missing, repeated and negative ids are harmless")
    func lookup() throws {
        let (directory, c) = try Self.users()
        _ = directory
        let rows = try c.rows(byID: [3, 17, 5, 99_999, 17, 3, -4], Self.query) {
            ($0.int64(0), $0.string(1))
        }
        #expect(rows.map(\.0).sorted() == [3, 5, 17])
        #expect(Set(rows.map(\.1)) == ["user 3", "user 5", "user 17"])
        #expect(try c.rows(byID: [], Self.query) { $0.int64(0) } == [])
    }

    @Test("a batch larger than SQLite's parameter limit is still one statement")
    func largeBatch() throws {
        let (directory, c) = try Self.users()
        _ = directory
        let ids = (1...3000).map(Int64.init) + (1...40_000).map { Int64($0) + 10_000 }
        let found = try c.rows(byID: ids, Self.query) { $0.int64(0) }
        #expect(found.sorted() == (1...3000).map(Int64.init))
    }

    @Test("the statements for one id and for many seek each id without building a temporary index of the list")
    func plan() throws {
        let (directory, c) = try Self.users()
        _ = directory
        for (text, argument) in [(Self.query.join.one, SQLValue.integer(2)), (Self.query.join.many, .text("[1,2,3]"))] {
            let opcodes = try c.query("EXPLAIN " + text, arguments: [argument]) { $0.string(1) }
            #expect(opcodes.contains("SeekRowid"), "\(text)")
            #expect(!opcodes.contains("OpenEphemeral"), "\(text)")
        }
        #expect(try c.rows(byID: [2], Self.query) { $0.string(1) } == ["user 2"])
    }
}
