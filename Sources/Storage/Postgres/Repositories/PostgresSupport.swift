import Foundation

extension PostgresConnection {
    /// Runs a keyset page query: the SQL selects the sort key and id as its first two
    /// columns, is ordered by them, and takes the row count as its last parameter; one row
    /// more than asked is fetched to learn whether a next page exists.
    func page<Item: Sendable>(
        _ sql: String, arguments: [PostgresValue], request: PageRequest,
        row transform: (PostgresRow) throws -> Item
    ) throws -> Page<Item> {
        let fetched = try query(sql, arguments: arguments + [.integer(Int64(request.first + 1))]) { row in
            (cursor: Cursor(key: row.int64(0), id: row.int64(1)), node: try transform(row))
        }
        return Page(fetched: fetched, request: request)
    }

    /// Counts per id in one statement: `sql` selects `(id, count)` pairs for the ids bound
    /// as the `bigint[]` in its parameter `$1`; ids without rows count 0.
    func counts(_ sql: String, ids: [Int64], extra: [PostgresValue] = []) throws -> [Int64: Int] {
        let wanted = distinct(ids)
        var result = Dictionary(uniqueKeysWithValues: wanted.map { ($0, 0) })
        for (id, count) in try query(sql, arguments: [.integers(wanted)] + extra, row: { ($0.int64(0), $0.int(1)) }) {
            result[id] = count
        }
        return result
    }

    /// The first page of every parent's list in one statement (a lateral join per parent):
    /// `table`'s rows belong to the parent in `parentColumn` and are ordered by
    /// `(created_at, id)`, newest first unless `ascending`; each row is the parent,
    /// `created_at`, then `columns` (which begin with `id`) from the third column on.
    /// `filter` narrows the rows further; its parameters are `$5` on.
    func pages<Item: Sendable>(
        table: String, parentColumn: String, columns: String, parentIDs: [Int64],
        filter: String = "TRUE", filterArguments: [PostgresValue] = [], ascending: Bool = false,
        request: PageRequest, row transform: (PostgresRow) throws -> Item
    ) throws -> [Int64: Page<Item>] {
        let parents = distinct(parentIDs)
        guard !parents.isEmpty else { return [:] }
        let order = ascending ? "created_at, id" : "created_at DESC, id DESC"
        let sql = """
            SELECT parent, t.* FROM unnest($1::bigint[]) AS parent,
            LATERAL (SELECT created_at, \(columns) FROM \(table)
                WHERE \(parentColumn) = parent AND \(filter)
                    AND (created_at, id) \(ascending ? ">" : "<") ($2, $3)
                ORDER BY \(order) LIMIT $4) AS t
            """
        var fetched: [Int64: [(cursor: Cursor, node: Item)]] = [:]
        let bounds = ascending ? oldestFirstBounds(request) : newestFirstBounds(request)
        let arguments: [PostgresValue] = [.integers(parents)] + bounds + [.integer(Int64(request.first + 1))]
        for (parent, edge) in try query(sql, arguments: arguments + filterArguments, row: { row in
            (row.int64(0), (cursor: Cursor(key: row.int64(1), id: row.int64(2)), node: try transform(row)))
        }) {
            fetched[parent, default: []].append(edge)
        }
        return Dictionary(
            uniqueKeysWithValues: parents.map { ($0, Page(fetched: fetched[$0] ?? [], request: request)) })
    }
}

/// The bounds an oldest-first page starts above: the cursor's, or below every row.
func oldestFirstBounds(_ request: PageRequest) -> [PostgresValue] {
    [.integer(request.after?.key ?? Int64.min), .integer(request.after?.id ?? Int64.min)]
}

/// The bounds a newest-first page starts below: the cursor's, or above every row.
func newestFirstBounds(_ request: PageRequest) -> [PostgresValue] {
    [.integer(request.after?.key ?? Int64.max), .integer(request.after?.id ?? Int64.max)]
}
