import Testing

@testable import Storage

/// Ids joined through as a table (`SQLIDTable`), by `children` and `counts`.
@Suite("Ids as a table")
struct SQLIDTableTests {
    /// A parent table and a child table keyed by (parent, position), its rows put in out
    /// of order.
    static func family() throws -> (TemporaryDirectory, Connection) {
        let directory = try TemporaryDirectory()
        let c = try Connection(path: directory.path())
        try c.execute("CREATE TABLE parents (id INTEGER PRIMARY KEY)")
        try c.execute(
            """
            CREATE TABLE children (parent_id INTEGER NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
                PRIMARY KEY (parent_id, position)) WITHOUT ROWID
            """)
        try c.execute("BEGIN")
        for parent in 1...40 { try c.execute("INSERT INTO parents VALUES (?)", parent) }
        for position in [3, 0, 2, 1] {
            for parent in [7, 2, 30] { try c.execute("INSERT INTO children VALUES (?, ?, ?)", parent, position, "\(parent).\(position)") }
        }
        try c.execute("COMMIT")
        return (directory, c)
    }

    static let childrenSQL = IDJoinQuery(
        """
        SELECT parent_id, name FROM %@ AS wanted CROSS JOIN children ON parent_id = wanted.wanted_id
        """)
    static let countsSQL = IDJoinQuery(
        """
        SELECT wanted_id, (SELECT count(*) FROM children WHERE parent_id = wanted_id) FROM %@ AS wanted
        """)

    @Test("ids are written as a JSON array, negative and zero included", arguments: [
        ([], "[]"), ([0], "[0]"), ([7, -12, 1_234_567_890_123], "[7,-12,1234567890123]"),
        ([Int64.max, Int64.min], "[9223372036854775807,-9223372036854775808]"),
    ] as [([Int64], String)])
    func jsonArray(ids: [Int64], text: String) {
        #expect(SQLIDTable.jsonArray(ids) == text)
    }

    @Test("each parent's children come in position order, for one parent and for many")
    func childrenInOrder() throws {
        let (directory, c) = try Self.family()
        _ = directory
        let many = try c.children(Self.childrenSQL, of: [30, 2, 5, 2]) { ($0.int64(0), $0.string(1)) }
        #expect(many == [30: ["30.0", "30.1", "30.2", "30.3"], 2: ["2.0", "2.1", "2.2", "2.3"]])
        let one = try c.children(Self.childrenSQL, of: [7]) { ($0.int64(0), $0.string(1)) }
        #expect(one == [7: ["7.0", "7.1", "7.2", "7.3"]])
        #expect(try c.children(Self.childrenSQL, of: [9]) { ($0.int64(0), $0.string(1)) }.isEmpty, "a parent without rows is absent")
        #expect(try c.children(Self.childrenSQL, of: []) { ($0.int64(0), $0.string(1)) }.isEmpty)
    }

    @Test("counts give every id asked for, 0 for those without rows")
    func counts() throws {
        let (directory, c) = try Self.family()
        _ = directory
        #expect(try c.counts(Self.countsSQL, ids: [2, 9, 30, 2]) == [2: 4, 9: 0, 30: 4])
        #expect(try c.counts(Self.countsSQL, ids: [9]) == [9: 0])
        #expect(try c.counts(Self.countsSQL, ids: [7]) == [7: 4])
    }

    @Test("neither form builds a temporary index of the list")
    func plans() throws {
        let (directory, c) = try Self.family()
        _ = directory
        for ids in [[4], [4, 5, 6]] as [[Int64]] {
            let table = SQLIDTable(ids)
            for sql in [Self.childrenSQL, Self.countsSQL] {
                let text = sql.sql(for: ids)
                let opcodes = try c.query("EXPLAIN " + text, arguments: [table.argument]) { $0.string(1) }
                #expect(!opcodes.contains("OpenEphemeral"), "\(text)")
            }
        }
    }
}
