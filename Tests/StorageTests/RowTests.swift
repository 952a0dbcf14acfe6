import Testing

@testable import Storage

@Suite("Row and bound values")
struct RowTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path())
        try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, f INTEGER)")
    }

    @Test("every kind of value round-trips through bind and column access")
    func roundTrip() throws {
        try connection.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?)", Int64.max, 2.5, "红烧排骨 🍖", SQLBlob([0, 1, 255]), true)
        let row = try #require(
            try connection.queryFirst("SELECT i, r, s, b, f FROM t") { row in
                (row.int64(0), row.double(1), row.string(2), row.blob(3), row.bool(4))
            })
        #expect(row.0 == Int64.max)
        #expect(row.1 == 2.5)
        #expect(row.2 == "红烧排骨 🍖")
        #expect(row.3 == [0, 1, 255])
        #expect(row.4 == true)
    }

    @Test("NULL reads as nil through the optional readers and as zero values otherwise")
    func nulls() throws {
        let nothing: String? = nil
        try connection.execute("INSERT INTO t (i, s) VALUES (?, ?)", nothing, nothing)
        try connection.queryFirst("SELECT i, s, b FROM t") { row in
            #expect(row.isNull(0))
            #expect(row.optionalInt(0) == nil)
            #expect(row.optionalString(1) == nil)
            #expect(row.int(0) == 0)
            #expect(row.string(1) == "")
            #expect(row.blob(2) == [])
            #expect(row.value(0) == .null)
        }
    }

    @Test("an empty string and an empty blob stay empty, not NULL")
    func emptyValues() throws {
        try connection.execute("INSERT INTO t (s, b) VALUES (?, ?)", "", SQLBlob([]))
        let nulls = try connection.queryFirst("SELECT s IS NULL, b IS NULL, typeof(s) FROM t") { row in
            "\(row.int(0)) \(row.int(1)) \(row.string(2))"
        }
        #expect(nulls == "0 0 text")
    }

    @Test("column names come from the query's aliases")
    func columnNames() throws {
        try connection.queryFirst("SELECT 1 AS one, 2 AS two") { row in
            #expect(row.columnCount == 2)
            #expect(row.columnName(1) == "two")
        }
    }
}
