/// The order of search results: tiers by where the keywords are found, best first, and
/// newest first within a tier.
///
/// A row belongs to the first tier whose columns hold every keyword. Each tier has an
/// index of exactly its columns, and each tier's columns include the tier before's, so
/// tier `n` is "matches in this index, and not in the previous tier's columns" — an FTS5
/// `NOT` within one table, so every tier is a single index walk in rowid order that meets
/// only rows with the keywords in its own columns.
struct SearchTiers: Sendable {
    /// One tier: the FTS5 table of its columns, and the column filter (in that table) of
    /// the tier before it, whose rows it leaves out.
    struct Tier: Sendable {
        let table: String
        let excluding: String?
    }

    let tiers: [Tier]
    /// One page over every tier, best first (see `init`).
    let pageQuery: String

    var count: Int { tiers.count }
    /// The table whose columns are all of them (the last tier's), for counting matches.
    var table: String { tiers[tiers.count - 1].table }

    /// The page query is a `UNION ALL` of one arm per tier under one `LIMIT`: SQLite runs
    /// the arms in turn and stops when the page is full, so a later tier's index walk
    /// starts only when the earlier ones ran out. Its parameters: ?1 the tier to start in,
    /// ?2 the cursor's id (rows of the starting tier come below it), ?3 the rows wanted,
    /// then one `MATCH` expression per tier (`match(_:tier:)`).
    init(_ tiers: [Tier]) {
        self.tiers = tiers
        pageQuery =
            tiers.indices.map { index in
                let table = tiers[index].table
                return """
                    SELECT * FROM (SELECT \(index) AS tier, rowid FROM \(table)
                        WHERE ?1 <= \(index) AND \(table) MATCH ?\(index + 4)
                        AND rowid < iif(?1 = \(index), ?2, 9223372036854775807)
                        ORDER BY rowid DESC LIMIT ?3)
                    """
            }.joined(separator: "\nUNION ALL ") + "\nLIMIT ?3"
    }

    /// Recipes: name, then name or ingredients, then the description too.
    static let recipes = SearchTiers([
        Tier(table: "recipe_name_search", excluding: nil),
        Tier(table: "recipe_name_ingredient_search", excluding: "{name}"),
        Tier(table: "recipe_search", excluding: "{name ingredients}"),
    ])
    /// Users: name, then username.
    static let users = SearchTiers([
        Tier(table: "user_name_search", excluding: nil),
        Tier(table: "user_search", excluding: "{name}"),
    ])

    /// The `MATCH` expression for one tier of a keyword's expression (from
    /// `FullText.matchExpression`).
    func match(_ expression: String, tier: Int) -> String {
        guard let excluded = tiers[tier].excluding else { return expression }
        return "(\(expression)) NOT (\(excluded) : (\(expression)))"
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
}
