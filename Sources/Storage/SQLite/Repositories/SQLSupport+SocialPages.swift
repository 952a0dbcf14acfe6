import Foundation

extension Connection {
    /// The first page of every parent's list in one statement: for list screens whose rows
    /// each show a page of children (a dish's first comments, a user's latest recipes).
    ///
    /// `table` rows belong to the parent named by `parentColumn`; `columns` must begin with
    /// `id`, and the rows are keyset-ordered by `(created_at, id)`, newest first unless
    /// `ascending`. Every parent gets a page (empty when it has no rows), built from up to
    /// `first + 1` rows so `hasNextPage` is known. `filter` narrows the rows further with
    /// its `filterArguments` bound before the parent ids.
    func pages<Item: Sendable>(
        table: String, parentColumn: String, columns: String, parentIDs: [Int64],
        filter: String = "1 = 1", filterArguments: [any SQLBindable] = [],
        ascending: Bool = false, request: PageRequest, row transform: (Row) throws -> Item
    ) throws -> [Int64: Page<Item>] {
        let parents = distinct(parentIDs)
        guard !parents.isEmpty else { return [:] }
        let list = SQLList(parents)
        let order = ascending ? "created_at, id" : "created_at DESC, id DESC"
        let bound = ascending ? ">" : "<"
        let bounds = ascending ? ascendingBounds(request) : descendingBounds(request)
        // One parent (a detail screen) needs no window: the index walk stops after
        // `first + 1` rows instead of numbering every row the parent has.
        let sql =
            parents.count == 1
            ? """
            SELECT \(parentColumn) AS parent, created_at, \(columns) FROM \(table)
            WHERE \(filter) AND \(parentColumn) IN (\(list.placeholders))
                AND (created_at, id) \(bound) (?, ?)
            ORDER BY \(order) LIMIT ?
            """
            : """
            SELECT parent, created_at, \(columns) FROM (
                SELECT \(parentColumn) AS parent, created_at, \(columns),
                    row_number() OVER (PARTITION BY \(parentColumn) ORDER BY \(order)) AS position
                FROM \(table)
                WHERE \(filter) AND \(parentColumn) IN (\(list.placeholders))
                    AND (created_at, id) \(bound) (?, ?)
            ) WHERE position <= ? ORDER BY parent, position
            """
        var fetched: [Int64: [(cursor: Cursor, node: Item)]] = [:]
        let named = RowsNamed(table: table, column: parentColumn, values: parents)
        try forEachRow(sql, arguments: filterArguments + list.arguments + bounds + [request.first + 1], named: named) { row in
            let edge = (cursor: Cursor(key: row.int64(1), id: row.int64(2)), node: try transform(row))
            fetched[row.int64(0), default: []].append(edge)
        }
        return Dictionary(
            uniqueKeysWithValues: parents.map { ($0, Page(fetched: fetched[$0] ?? [], request: request)) })
    }
}
