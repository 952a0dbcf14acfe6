import Foundation

extension Date {
    /// Milliseconds since 1970 UTC: how the domain tables store time.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    /// The instant `milliseconds` after 1970 UTC.
    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension String {
    /// The text with its first `%@` replaced by `replacement`; the text itself when it has none.
    ///
    /// A byte search over the text's UTF-8 in place, not `replacingOccurrences`:
    /// Foundation's version goes through `NSString` and cost more than the statement it
    /// built, and a search through `String.UTF8View` indices cost about 2,700
    /// instructions for each statement (Benchmarks/RESULTS.md).
    func replacingFirstSlot(with replacement: String) -> String {
        var text = self
        var replacement = replacement
        return text.withUTF8 { bytes in
            guard let slot = bytes.indices.dropLast().first(where: {
                bytes[$0] == UInt8(ascii: "%") && bytes[$0 + 1] == UInt8(ascii: "@")
            }) else { return self }
            return replacement.withUTF8 { inserted in
                let count = bytes.count - 2 + inserted.count
                return String(unsafeUninitializedCapacity: count) { output in
                    var end = output.initialize(fromContentsOf: bytes[..<slot])
                    end = output[end...].initialize(fromContentsOf: inserted)
                    _ = output[end...].initialize(fromContentsOf: bytes[(slot + 2)...])
                    return count
                }
            }
        }
    }
}

/// A source of the current time, replaceable in tests.
public typealias Clock = @Sendable () -> Date

/// Groups rows by a key, keeping their order within each group.
func grouped<Key: Hashable, Value>(_ pairs: [(Key, Value)]) -> [Key: [Value]] {
    var result: [Key: [Value]] = [:]
    for (key, value) in pairs { result[key, default: []].append(value) }
    return result
}

/// A row of a photo table, `owner_id, url, width, height`: the owner's id and the photo.
func ownedPhoto<R: ColumnReader>(_ row: R) -> (Int64, Photo) {
    (row.int64(0), Photo(url: row.string(1), width: row.optionalInt(2), height: row.optionalInt(3)))
}

/// Distinct values in first-seen order.
func distinct<Value: Hashable>(_ values: [Value]) -> [Value] {
    // One value (a detail screen's batches) is distinct already: no new array.
    if values.count < 2 { return values }
    // A batch is usually a page of ids: up to a few dozen, comparing each with the values
    // kept so far costs less than hashing them into a set that grows as it goes.
    if values.count <= 32 {
        var kept: [Value] = []
        kept.reserveCapacity(values.count)
        for value in values where !kept.contains(value) { kept.append(value) }
        return kept
    }
    var seen = Set<Value>(minimumCapacity: values.count)
    return values.filter { seen.insert($0).inserted }
}

extension Connection {
    /// The rows whose primary key is one of `ids`, each once, in no set order: one
    /// statement, with one text for one id and one for any number more.
    ///
    /// The ids are one parameter, joined through as a table (`SQLIDTable`), so SQLite seeks
    /// each row by its key. `id IN (?,?,…)` first copies the list into a temporary index on
    /// every run, which made a lookup of ten goods cost twice the instructions
    /// (Benchmarks/RESULTS.md).
    func rows<Item>(byID ids: [Int64], _ query: ByIDQuery, row: (Row) throws -> Item) throws -> [Item] {
        let wanted = distinct(ids)
        guard !wanted.isEmpty else { return [] }
        let ids = SQLIDTable(wanted)
        return try rows(
            query.join.sql(for: wanted), .values([ids.argument]),
            named: RowsNamed(table: query.table, column: "id", values: wanted), slot: query.join.slot(for: wanted), row)
    }
}

/// The statement `Connection.rows(byID:_:row:)` runs for one table, made once (a static
/// constant beside the table's columns) rather than for every lookup.
struct ByIDQuery: Sendable {
    /// The SQL, for one id and for many.
    let join: IDJoinQuery
    /// The table read, whose rows the ids name (for `Database.recordingReads`).
    let table: String

    /// Reads `columns` (the table's own, unqualified) of `table`'s rows by `id`.
    init(from table: String, columns: String) {
        self.table = table
        join = IDJoinQuery("SELECT \(columns) FROM %@ AS wanted CROSS JOIN \(table) ON \(table).id = wanted.wanted_id")
    }
}

extension Connection {
    /// Rows that belong to many parents, listed by parent: `query` joins through the
    /// parents' ids as a table (`FROM %@ AS wanted CROSS JOIN t ON t.parent_id =
    /// wanted.wanted_id`, see `SQLIDTable`), and `row` returns each row's parent id with
    /// its value. One statement for any number of parents; each parent's rows come in the
    /// order of the index the join seeks them in (a child table's primary key, parent and
    /// position), with no sort. Parents without rows are absent.
    ///
    /// `keyedBy` names the table and column the ids select rows of, when the statement
    /// reads that table's rows only by them: a recorded read then depends on those rows
    /// alone (`Database.recordingReads`), not on the whole table.
    func children<Child>(
        _ query: IDJoinQuery, of ids: [Int64], keyedBy key: (table: String, column: String)? = nil,
        row: (Row) throws -> (Int64, Child)
    ) throws -> [Int64: [Child]] {
        let wanted = distinct(ids)
        guard !wanted.isEmpty else { return [:] }
        let table = SQLIDTable(wanted)
        let named = key.map { RowsNamed(table: $0.table, column: $0.column, values: wanted) }
        let (sql, slot) = (query.sql(for: wanted), query.slot(for: wanted))
        if wanted.count == 1 {
            // One parent (a detail screen): every row is its child, with no grouping.
            let children = try rows(sql, .values([table.argument]), named: named, slot: slot) { try row($0).1 }
            return children.isEmpty ? [:] : [wanted[0]: children]
        }
        return grouped(try rows(sql, .values([table.argument]), named: named, slot: slot, row))
    }

    /// `forEachRow`, with the rows of one table the statement reads named by a key, and
    /// the statement kept in `slot` when its text is a constant.
    func forEachRow(
        _ sql: String, arguments: [any SQLBindable], named: RowsNamed?, slot: StatementSlot? = nil,
        _ body: (Row) throws -> Void
    ) throws {
        let statement = try lendStatement(sql, .bindables(arguments), slot: slot)
        defer { returnStatement(statement) }
        statement.rowsNamed = named
        while let row = try statement.step() { try body(row) }
    }

    /// Counts rows per id in one statement: `query` must select `(id, count)` pairs, its
    /// `%@` the ids as a table (`SQLIDTable`), after any `extra` parameters:
    /// `SELECT wanted_id, (SELECT count(*) FROM t WHERE t.key = wanted_id) FROM %@ AS wanted`,
    /// which seeks each id's rows where `GROUP BY` over `IN (…)` would also build a
    /// temporary index of the list. Ids without rows count 0. `keyedBy` as for `children`.
    func counts(
        _ query: IDJoinQuery, ids: [Int64], extra: [any SQLBindable] = [],
        keyedBy key: (table: String, column: String)? = nil
    ) throws -> [Int64: Int] {
        let wanted = distinct(ids)
        guard !wanted.isEmpty else { return [:] }
        let table = SQLIDTable(wanted)
        var result = Dictionary(uniqueKeysWithValues: wanted.map { ($0, 0) })
        let named = key.map { RowsNamed(table: $0.table, column: $0.column, values: wanted) }
        try forEachRow(
            query.sql(for: wanted), arguments: extra + [table.argument], named: named, slot: query.slot(for: wanted)
        ) { row in
            result[row.int64(0)] = row.int(1)
        }
        return result
    }

    /// Runs a keyset page query: the SQL must select the sort key and id as its first two
    /// columns, be ordered by them, and end with `LIMIT ?`; one row more than asked is
    /// fetched to learn whether a next page exists.
    func page<Item: Sendable>(
        _ sql: String, arguments: [any SQLBindable], request: PageRequest,
        row transform: (Row) throws -> Item
    ) throws -> Page<Item> {
        let fetched = try query(sql, arguments: arguments + [request.first + 1]) { row in
            (cursor: Cursor(key: row.int64(0), id: row.int64(1)), node: try transform(row))
        }
        return Page(fetched: fetched, request: request)
    }

    /// Whether a row exists for the query.
    func exists(_ sql: String, _ arguments: any SQLBindable...) throws -> Bool {
        try queryFirst(sql, arguments: arguments) { _ in true } ?? false
    }
}

/// The bounds a keyset page starts after: the cursor's, or past every row.
///
/// Newest-first lists compare `(key, id) < (?, ?)`; with no cursor they start below
/// `Int64.max`, so one SQL text serves page 1 and every later page.
func descendingBounds(_ request: PageRequest) -> [any SQLBindable] {
    [request.after?.key ?? Int64.max, request.after?.id ?? Int64.max]
}

/// The bounds for oldest-first lists, compared `(key, id) > (?, ?)`.
func ascendingBounds(_ request: PageRequest) -> [any SQLBindable] {
    [request.after?.key ?? Int64.min, request.after?.id ?? Int64.min]
}
