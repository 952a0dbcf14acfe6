/// The order of search results: the columns a match must fall in for each tier, best first.
///
/// A row belongs to the first tier whose columns hold every keyword; the last tier takes
/// any column. Each tier's columns include the tier before's, so tier `n` is "matches in
/// these columns, and not in the previous tier's" — an FTS5 `NOT` that keeps every tier
/// a single index walk in rowid order.
struct SearchTiers: Sendable {
    /// The FTS5 table searched.
    let table: String
    /// Each tier's column filter (`{name ingredients}`), and `nil` for "any column".
    let columns: [String?]
    /// One page over every tier, best first (see `init`).
    let pageQuery: String

    var count: Int { columns.count }

    /// Tiers over `table`. The page query is a `UNION ALL` of one arm per tier under one
    /// `LIMIT`: SQLite runs the arms in turn and stops when the page is full, so a later
    /// tier's index walk starts only when the earlier ones ran out. Its parameters: ?1 the
    /// tier to start in, ?2 the cursor's id (rows of the starting tier come below it), ?3
    /// the rows wanted, then one `MATCH` expression per tier (`match(_:tier:)`).
    init(table: String, columns: [String?]) {
        self.table = table
        self.columns = columns
        pageQuery =
            columns.indices.map { tier in
                """
                SELECT * FROM (SELECT \(tier) AS tier, rowid FROM \(table)
                    WHERE ?1 <= \(tier) AND \(table) MATCH ?\(tier + 4)
                    AND rowid < iif(?1 = \(tier), ?2, 9223372036854775807)
                    ORDER BY rowid DESC LIMIT ?3)
                """
            }.joined(separator: "\nUNION ALL ") + "\nLIMIT ?3"
    }

    /// Recipes: name, then name or ingredients, then the description too.
    static let recipes = SearchTiers(
        table: "recipe_search", columns: ["{name}", "{name ingredients}", nil])
    /// Users: name, then username.
    static let users = SearchTiers(table: "user_search", columns: ["{name}", nil])

    /// The `MATCH` expression for one tier of a keyword's expression (from
    /// `FullText.matchExpression`).
    func match(_ expression: String, tier: Int) -> String {
        let within = scoped(expression, columns[tier])
        return tier == 0 ? within : "\(within) NOT \(scoped(expression, columns[tier - 1]))"
    }

    /// The tier a page continues in: 0 without a cursor, else the cursor's; a cursor from
    /// another list is `badInput`.
    func tier(of cursor: Cursor?) throws(DomainError) -> Int {
        guard let cursor else { return 0 }
        guard (0..<Int64(count)).contains(cursor.key) else {
            throw .badInput("The cursor \"\(cursor.encoded)\" does not come from a search.")
        }
        return Int(cursor.key)
    }

    private func scoped(_ expression: String, _ columns: String?) -> String {
        columns.map { "(\($0) : (\(expression)))" } ?? "(\(expression))"
    }
}
