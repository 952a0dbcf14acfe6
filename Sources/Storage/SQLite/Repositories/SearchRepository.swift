import Foundation

/// Full-text search over recipes and users, the search history and popular keywords.
public struct SearchRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// How many keywords a user's history keeps.
    public static let historyLimit = Bounds.searchHistory
    /// How far back popular keywords look.
    public static let popularWindow: TimeInterval = 7 * 24 * 3600

    /// Recipes matching a keyword, most relevant first: those with every keyword in the
    /// name, then in the name or ingredients, then anywhere (the description); newest
    /// first within each. A blank keyword is `badInput`; one with nothing searchable (only
    /// punctuation) finds nothing.
    public func searchRecipes(keyword: String, page: PageRequest) throws -> Page<Int64> {
        try search(keyword: keyword, in: .recipes, page: page)
    }

    /// Users matching a keyword: those whose name has it, then those whose username has it;
    /// newest first within each.
    public func searchUsers(keyword: String, page: PageRequest) throws -> Page<Int64> {
        try search(keyword: keyword, in: .users, page: page)
    }

    /// How many recipes match a keyword.
    public func recipeMatchesCount(keyword: String) throws -> Int {
        try count(keyword: keyword, table: SearchTiers.recipes.table)
    }

    /// How many users match a keyword.
    public func userMatchesCount(keyword: String) throws -> Int {
        try count(keyword: keyword, table: SearchTiers.users.table)
    }

    /// Keyset pages over (tier, id descending), in one statement: each tier walks the index
    /// from the newest row down and stops once the page is full, so a page costs the same
    /// however many rows match. A cursor is its row's tier and id, so rows added between two
    /// page requests never repeat or shift the later pages.
    private func search(keyword: String, in tiers: SearchTiers, page: PageRequest)
        throws -> Page<Int64>
    {
        guard let match = try Self.match(keyword) else {
            return Page(edges: [], hasNextPage: false, hasPreviousPage: page.after != nil)
        }
        let startTier = try tiers.tier(of: page.after)
        let arguments: [SQLValue] =
            [.integer(Int64(startTier)), .integer(page.after?.id ?? Int64.max), .integer(Int64(page.first + 1))]
            + (0..<tiers.count).map { .text(tiers.match(match, tier: $0)) }
        return try database.read { c in
            let fetched = try c.query(tiers.pageQuery, arguments: arguments) { row in
                (cursor: Cursor(key: row.int64(0), id: row.int64(1)), node: row.int64(1))
            }
            return Page(fetched: fetched, request: page)
        }
    }

    private func count(keyword: String, table: String) throws -> Int {
        guard let match = try Self.match(keyword) else { return 0 }
        return try database.read { c in
            try c.queryFirst("SELECT count(*) FROM \(table) WHERE \(table) MATCH ?", match) {
                $0.int(0)
            } ?? 0
        }
    }

    static func match(_ keyword: String) throws(DomainError) -> String? {
        let keyword = try Validation.nonBlank(keyword, field: "keyword")
        return FullText.matchExpression(keyword)
    }

    // MARK: History and popular keywords

    /// A user's recent searches, newest first.
    public func history(userID: Int64) throws -> [String] {
        try database.read(rowsOf: [("search_history", "user_id")], userID) { c in try Self.history(userID: userID, c) }
    }

    static func history(userID: Int64, _ c: Connection) throws -> [String] {
        try c.query(
            "SELECT keyword FROM search_history WHERE user_id = ? ORDER BY id DESC LIMIT ?",
            userID, historyLimit
        ) { $0.string(0) }
    }

    /// Puts a keyword first in the history (trimmed; blank is `badInput`), removing an equal
    /// earlier entry and keeping the newest 20; logs it for popular keywords. Returns the
    /// history.
    public func recordSearch(userID: Int64, keyword: String) throws -> [String] {
        let keyword = try Validation.nonBlank(keyword, field: "keyword")
        return try database.write { c in
            try c.execute(
                "DELETE FROM search_history WHERE user_id = ? AND keyword = ?", userID, keyword)
            try c.execute(
                "INSERT INTO search_history (user_id, keyword) VALUES (?, ?)", userID, keyword)
            try c.execute(
                """
                DELETE FROM search_history WHERE user_id = ?1 AND id NOT IN (
                    SELECT id FROM search_history WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2)
                """, userID, Self.historyLimit)
            try c.execute(
                "INSERT INTO search_log (keyword, searched_at) VALUES (?, ?)",
                keyword, clock().milliseconds)
            return try Self.history(userID: userID, c)
        }
    }

    /// Empties a user's history (the log for popular keywords stays).
    public func clearHistory(userID: Int64) throws -> [String] {
        try database.write { c in
            try c.execute("DELETE FROM search_history WHERE user_id = ?", userID)
            return []
        }
    }

    /// The most searched keywords of the last 7 days (ties: the most recent first), topped
    /// up from the curated list when there is too little traffic; no keyword twice.
    public func popularKeywords(first: Int) throws -> [String] {
        let first = max(0, min(first, 50))
        guard first > 0 else { return [] }
        let since = clock().addingTimeInterval(-Self.popularWindow).milliseconds
        return try database.read { c in
            let popular = try c.query(
                """
                SELECT keyword FROM search_log WHERE searched_at >= ?
                GROUP BY keyword ORDER BY count(*) DESC, max(searched_at) DESC LIMIT ?
                """, since, first
            ) { $0.string(0) }
            guard popular.count < first else { return popular }
            let curated = try c.query(
                "SELECT keyword FROM curated_keywords ORDER BY position LIMIT ?", first * 2
            ) { $0.string(0) }
            return Array(distinct(popular + curated).prefix(first))
        }
    }

    /// Replaces the curated keywords (used by the demo data and operators).
    public func setCuratedKeywords(_ keywords: [String]) throws {
        try database.write { c in
            try c.execute("DELETE FROM curated_keywords")
            for (position, keyword) in distinct(keywords.map(\.trimmed).filter { !$0.isEmpty })
                .enumerated()
            {
                try c.execute(
                    "INSERT INTO curated_keywords (position, keyword) VALUES (?, ?)", position, keyword)
            }
        }
    }
}
