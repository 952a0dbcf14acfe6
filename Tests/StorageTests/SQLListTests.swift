import Testing

@testable import Storage

@Suite("SQLList")
struct SQLListTests {
    @Test("list sizes round up to a few shapes so statements are shared")
    func rounding() {
        #expect((0...4).map(SQLList.roundedSize) == [0, 1, 2, 3, 4])
        #expect(SQLList.roundedSize(5) == 8)
        #expect(SQLList.roundedSize(37) == 64)
        #expect(SQLList.roundedSize(1024) == 1024)
        #expect(SQLList.roundedSize(1025) == 2048)
        #expect(SQLList.roundedSize(3000) == 3072)
    }

    @Test("a padded list repeats its last value and has a placeholder for each")
    func padding() {
        let list = SQLList([10, 20, 30, 40, 50])
        #expect(list.placeholders == "?,?,?,?,?,?,?,?")
        #expect(list.arguments == [10, 20, 30, 40, 50, 50, 50, 50].map { .integer($0) })
    }

    @Test("every size gets as many placeholders as arguments")
    func placeholderCounts() {
        for count in [1, 2, 3, 4, 5, 8, 9, 100, 513, 1024, 1025] {
            let list = SQLList(Array(0..<count))
            #expect(list.placeholders.split(separator: ",").count == list.arguments.count)
            #expect(list.arguments.count == SQLList.roundedSize(count))
        }
    }

    @Test("an IN list finds exactly the listed rows, and an empty one finds none")
    func lookup() throws {
        let directory = try TemporaryDirectory()
        let c = try Connection(path: directory.path())
        try c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        for id in 1...20 { try c.execute("INSERT INTO users VALUES (?, ?)", id, "user \(id)") }
        let ids = SQLList([3, 17, 5, 99, 11])
        let names = try c.query(
            "SELECT name FROM users WHERE id IN (\(ids.placeholders)) ORDER BY id",
            arguments: ids.arguments
        ) { $0.string(0) }
        #expect(names == ["user 3", "user 5", "user 11", "user 17"])
        let none = SQLList([Int]())
        #expect(try c.query("SELECT id FROM users WHERE id IN (\(none.placeholders))", arguments: none.arguments) { $0.int(0) } == [])
    }
}
