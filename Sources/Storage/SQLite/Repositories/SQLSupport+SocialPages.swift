import Foundation

/// The statement `Connection.pages(_:parentIDs:filterArguments:request:row:)` runs for one
/// list, made once (a static constant beside the table's columns) rather than for every
/// call: building it from its parts cost about 19,000 instructions a recipe page
/// (Benchmarks/RESULTS.md).
///
/// `table` rows belong to the parent named by `parentColumn`; `columns` must begin with
/// `id`, and the rows are keyset-ordered by `(created_at, id)`, newest first unless
/// `ascending`. `filter` narrows the rows further; its parameters come first.
struct PagesQuery: Sendable {
    /// The SQL for one parent (a detail screen): no window, so the index walk stops after
    /// `first + 1` rows instead of numbering every row the parent has.
    let one: String
    let oneSlot = StatementSlot()
    /// The SQL for many, with `%@` where the parents' placeholders go (`SQLList`).
    let many: String
    /// The table read and the column that names its rows' parent (for `Database.recordingReads`).
    let table: String
    let parentColumn: String
    /// Oldest first, rather than newest first.
    let ascending: Bool

    init(table: String, parentColumn: String, columns: String, filter: String = "1 = 1", ascending: Bool = false) {
        self.table = table
        self.parentColumn = parentColumn
        self.ascending = ascending
        let order = ascending ? "created_at, id" : "created_at DESC, id DESC"
        let bound = ascending ? ">" : "<"
        one = """
            SELECT \(parentColumn) AS parent, created_at, \(columns) FROM \(table)
            WHERE \(filter) AND \(parentColumn) IN (?)
                AND (created_at, id) \(bound) (?, ?)
            ORDER BY \(order) LIMIT ?
            """
        many = """
            SELECT parent, created_at, \(columns) FROM (
                SELECT \(parentColumn) AS parent, created_at, \(columns),
                    row_number() OVER (PARTITION BY \(parentColumn) ORDER BY \(order)) AS position
                FROM \(table)
                WHERE \(filter) AND \(parentColumn) IN (%@)
                    AND (created_at, id) \(bound) (?, ?)
            ) WHERE position <= ? ORDER BY parent, position
            """
    }
}

extension Connection {
    /// The first page of every parent's list in one statement: for list screens whose rows
    /// each show a page of children (a dish's first comments, a user's latest recipes).
    ///
    /// Every parent gets a page (empty when it has no rows), built from up to `first + 1`
    /// rows so `hasNextPage` is known. `filterArguments` are bound before the parent ids.
    func pages<Item: Sendable>(
        _ query: PagesQuery, parentIDs: [Int64], filterArguments: [any SQLBindable] = [],
        request: PageRequest, row transform: (Row) throws -> Item
    ) throws -> [Int64: Page<Item>] {
        let parents = distinct(parentIDs)
        guard !parents.isEmpty else { return [:] }
        let list = SQLList(parents)
        let bounds = query.ascending ? ascendingBounds(request) : descendingBounds(request)
        let sql = parents.count == 1 ? query.one : query.many.replacingFirstSlot(with: list.placeholders)
        let named = RowsNamed(table: query.table, column: query.parentColumn, values: parents)
        let arguments = filterArguments + list.arguments + bounds + [request.first + 1]
        if parents.count == 1 {
            // One parent: its rows are the page, with no grouping by parent.
            var edges: [(cursor: Cursor, node: Item)] = []
            edges.reserveCapacity(request.first + 1)
            try forEachRow(sql, arguments: arguments, named: named, slot: query.oneSlot) { row in
                edges.append((cursor: Cursor(key: row.int64(1), id: row.int64(2)), node: try transform(row)))
            }
            return [parents[0]: Page(fetched: edges, request: request)]
        }
        var fetched: [Int64: [(cursor: Cursor, node: Item)]] = [:]
        try forEachRow(sql, arguments: arguments, named: named) { row in
            let edge = (cursor: Cursor(key: row.int64(1), id: row.int64(2)), node: try transform(row))
            fetched[row.int64(0), default: []].append(edge)
        }
        return Dictionary(
            uniqueKeysWithValues: parents.map { ($0, Page(fetched: fetched[$0] ?? [], request: request)) })
    }
}
