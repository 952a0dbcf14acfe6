import Foundation

/// Search, search history and popular keywords on PostgreSQL (`SearchStore`), with the
/// same tiers and order as SQLite's: recipes with every keyword in the name, then in the
/// name or ingredients, then anywhere; users by name, then username; newest first (by id)
/// within a tier, and a cursor that is a tier and an id.
struct PostgresSearch: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    /// One searchable table: its `tsvector` columns `tier0`, `tier1`, …, its key, and its
    /// terms table (`PostgresSchema.searchTerms`).
    struct Tiers: Sendable {
        let table: String
        let key: String
        let count: Int
        var terms: String { table + "_terms" }
        /// The statement of a page (`pageStatement()`), written once: every search runs it.
        private(set) var pageQuery = ""

        init(table: String, key: String, count: Int) {
            self.table = table
            self.key = key
            self.count = count
            pageQuery = pageStatement()
        }

        static let recipes = Tiers(table: "recipe_search", key: "recipe_id", count: 3)
        static let users = Tiers(table: "user_search", key: "user_id", count: 2)
    }

    /// The `tsquery` of the keywords in `$4` (a `text[]`): every keyword as a phrase, all
    /// of them required.
    static let query = """
        SELECT string_agg('(' || phrase::text || ')', ' & ')::tsquery AS query FROM (
            SELECT phraseto_tsquery('kitchen_search', keyword) AS phrase FROM unnest($4::text[]) AS keyword
        ) AS phrases WHERE phrase::text <> ''
        """

    /// The one search term of the keywords in `$4`, as `kitchen_search_terms` writes it, or
    /// null: a single keyword of one lexeme, or of two one-character lexemes (a
    /// two-character Chinese word) side by side. Such a keyword is in a row's tier exactly
    /// when the term is, so a tier's matches are one range of the terms index, with no
    /// `tsvector` to check; any other search has no key. (In the statement itself, not a
    /// function of the schema: a SQL function with a `FROM` is planned again at every call:
    /// more than half a page's time.)
    static let key = """
        SELECT CASE WHEN count(*) = 1 THEN min(u.lexeme)
            WHEN count(*) = 2 AND max(length(u.lexeme)) = 1 THEN string_agg(u.lexeme, ' ' ORDER BY p.p) END AS term
        FROM unnest(to_tsvector('kitchen_search', ($4::text[])[1])) AS u, unnest(u.positions) AS p (p)
        WHERE cardinality($4::text[]) = 1
        """

    /// Text as the search columns store it: CJK characters apart, diacritics folded.
    static func searchable(_ text: String) -> String {
        FullText.indexable(text).folding(options: .diacriticInsensitive, locale: nil)
    }

    /// The keywords of what a user typed, or nil when it has nothing to find; blank is `badInput`.
    /// A keyword of more than `longestPhrase` tokens finds nothing.
    static func keywords(_ keyword: String) throws(DomainError) -> [String]? {
        let terms = FullText.terms(try Validation.nonBlank(keyword, field: "keyword"))
            .map { $0.folding(options: .diacriticInsensitive, locale: nil) }
        guard !terms.isEmpty else { return nil }
        guard terms.allSatisfy({ $0.split(whereSeparator: \.isWhitespace).count <= longestPhrase }) else { return nil }
        return terms
    }

    /// The most tokens (a CJK character is one) a keyword's phrase may have. A `tsquery`
    /// phrase nests one operator per token, and PostgreSQL evaluates it recursively: 16,000
    /// of them exhaust the server's stack at the default `max_stack_depth` (an `INTERNAL`
    /// error). No one types a keyword near this long into a search box; one that long finds
    /// nothing here (SQLite would look for it, and find it only in a text holding that run).
    static let longestPhrase = 2_000

    /// Writes a recipe's search row and its terms.
    static func index(recipeID: Int64, name: String, ingredients: [String], description: String?, _ c: PostgresConnection) throws {
        let name = searchable(name)
        let withIngredients = name + " " + searchable(ingredients.joined(separator: " "))
        try c.execute(
            """
            INSERT INTO recipe_search (recipe_id, tier0, tier1, tier2) VALUES ($1,
                to_tsvector('kitchen_search', $2), to_tsvector('kitchen_search', $3),
                to_tsvector('kitchen_search', $4))
            ON CONFLICT (recipe_id) DO UPDATE SET tier0 = excluded.tier0, tier1 = excluded.tier1, tier2 = excluded.tier2
            """, recipeID, name, withIngredients, withIngredients + " " + searchable(description ?? ""))
        try writeTerms(of: recipeID, in: .recipes, c)
    }

    /// Writes (or rewrites) a user's search row and its terms.
    static func index(userID: Int64, name: String, username: String, _ c: PostgresConnection) throws {
        let name = searchable(name)
        try c.execute(
            """
            INSERT INTO user_search (user_id, tier0, tier1) VALUES ($1,
                to_tsvector('kitchen_search', $2), to_tsvector('kitchen_search', $3))
            ON CONFLICT (user_id) DO UPDATE SET tier0 = excluded.tier0, tier1 = excluded.tier1
            """, userID, name, name + " " + searchable(username))
        try writeTerms(of: userID, in: .users, c)
    }

    /// Brings the terms of the search row `id` of `tiers` up to date with its `tsvector`s:
    /// those it no longer has go, new ones come, the others stay (an edit rewrites little).
    private static func writeTerms(of id: Int64, in tiers: Tiers, _ c: PostgresConnection) throws {
        let terms = """
            SELECT t.term, t.tier FROM \(tiers.table) s,
                kitchen_search_terms(\((0..<tiers.count).map { "s.tier\($0)" }.joined(separator: ", "))) t
            WHERE s.\(tiers.key) = $1
            """
        try c.execute(
            "DELETE FROM \(tiers.terms) WHERE \(tiers.key) = $1 AND (term, tier) NOT IN (\(terms))", id)
        try c.execute(
            """
            INSERT INTO \(tiers.terms) (term, tier, \(tiers.key))
            SELECT term, tier, $1 FROM (\(terms)) AS t ON CONFLICT DO NOTHING
            """, id)
    }

    private func search(keyword: String, in tiers: Tiers, page: PageRequest) throws -> Page<Int64> {
        guard let keywords = try Self.keywords(keyword) else {
            return Page(edges: [], hasNextPage: false, hasPreviousPage: page.after != nil)
        }
        var startTier = 0
        if let cursor = page.after {
            guard (0..<Int64(tiers.count)).contains(cursor.key) else {
                throw DomainError.badInput("The cursor \"\(cursor.encoded)\" does not come from a search.")
            }
            startTier = Int(cursor.key)
        }
        let arguments: [PostgresValue] = [
            .integer(Int64(startTier)), .integer(page.after?.id ?? Int64.max), .integer(Int64(page.first + 1)),
            .texts(keywords),
        ]
        return try database.read { c in
            let fetched = try c.query(tiers.pageQuery, arguments: arguments) { row in
                (cursor: Cursor(key: row.int64(0), id: row.int64(1)), node: row.int64(1))
            }
            return Page(fetched: fetched, request: page)
        }
    }

    private func count(keyword: String, in tiers: Tiers) throws -> Int {
        guard let keywords = try Self.keywords(keyword) else { return 0 }
        return try database.read { c in
            try c.queryFirst(
                """
                WITH q AS (\(Self.query.replacingOccurrences(of: "$4", with: "$1")))
                SELECT count(*) FROM \(tiers.table), q WHERE tier\(tiers.count - 1) @@ q.query
                """, arguments: [.texts(keywords)]) { $0.int(0) } ?? 0
        }
    }

    static func history(userID: Int64, _ c: PostgresConnection) throws -> [String] {
        try c.query(
            "SELECT keyword FROM search_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2",
            userID, SearchRepository.historyLimit) { $0.string(0) }
    }
}

extension PostgresSearch: SearchStore {
    func searchRecipes(keyword: String, page: PageRequest) throws -> Page<Int64> {
        try search(keyword: keyword, in: .recipes, page: page)
    }

    func searchUsers(keyword: String, page: PageRequest) throws -> Page<Int64> {
        try search(keyword: keyword, in: .users, page: page)
    }

    func recipeMatchesCount(keyword: String) throws -> Int { try count(keyword: keyword, in: .recipes) }

    func userMatchesCount(keyword: String) throws -> Int { try count(keyword: keyword, in: .users) }

    func history(userID: Int64) throws -> [String] {
        try database.read { c in try Self.history(userID: userID, c) }
    }

    func recordSearch(userID: Int64, keyword: String) throws -> [String] {
        let keyword = try Validation.nonBlank(keyword, field: "keyword")
        return try database.write { c in
            try PostgresAddresses.lockUser(userID, c)
            try c.execute("DELETE FROM search_history WHERE user_id = $1 AND keyword = $2", userID, keyword)
            try c.execute("INSERT INTO search_history (user_id, keyword) VALUES ($1, $2)", userID, keyword)
            try c.execute(
                """
                DELETE FROM search_history WHERE user_id = $1 AND id NOT IN (
                    SELECT id FROM search_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2)
                """, userID, SearchRepository.historyLimit)
            try c.execute("INSERT INTO search_log (keyword, searched_at) VALUES ($1, $2)", keyword, clock().milliseconds)
            return try Self.history(userID: userID, c)
        }
    }

    func clearHistory(userID: Int64) throws -> [String] {
        try database.write { c in
            try c.execute("DELETE FROM search_history WHERE user_id = $1", userID)
            return []
        }
    }

    func popularKeywords(first: Int) throws -> [String] {
        let first = max(0, min(first, 50))
        guard first > 0 else { return [] }
        let since = clock().addingTimeInterval(-SearchRepository.popularWindow).milliseconds
        return try database.read { c in
            let popular = try c.query(
                """
                SELECT keyword FROM search_log WHERE searched_at >= $1
                GROUP BY keyword ORDER BY count(*) DESC, max(searched_at) DESC LIMIT $2
                """, since, first) { $0.string(0) }
            guard popular.count < first else { return popular }
            let curated = try c.query("SELECT keyword FROM curated_keywords ORDER BY position LIMIT $1", first * 2) {
                $0.string(0)
            }
            return Array(distinct(popular + curated).prefix(first))
        }
    }

    func setCuratedKeywords(_ keywords: [String]) throws {
        try database.write { c in
            try c.execute("DELETE FROM curated_keywords")
            for (position, keyword) in distinct(keywords.map(\.trimmed).filter { !$0.isEmpty }).enumerated() {
                try c.execute("INSERT INTO curated_keywords (position, keyword) VALUES ($1, $2)", position, keyword)
            }
        }
    }
}
