import Foundation

/// Published recipes: lookups, ingredients and steps in batches, counts, lists, collections.
public struct RecipeRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let columns = "id, author_id, name, description, cover_url, tips, created_at"
    static let byID = ByIDQuery(from: "recipes", columns: columns)

    static func recipe<R: ColumnReader>(_ row: R, at o: Int = 0) -> Recipe {
        Recipe(
            id: row.int64(o + 0), authorID: row.int64(o + 1), name: row.string(o + 2),
            description: row.optionalString(o + 3), coverURL: row.optionalString(o + 4),
            tips: row.optionalString(o + 5), createdAt: Date(milliseconds: row.int64(o + 6)))
    }

    /// One recipe, or `nil`.
    public func recipe(id: Int64) throws -> Recipe? {
        try recipes(ids: [id])[id]
    }

    /// Recipes by id, in one statement.
    public func recipes(ids: [Int64]) throws -> [Int64: Recipe] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.recipes(ids: ids, c) }
    }

    static func recipes(ids: [Int64], _ c: Connection) throws -> [Int64: Recipe] {
        let rows = try c.rows(byID: ids, byID) { recipe($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// The ingredients of many recipes, in order, in one statement.
    public func ingredients(recipeIDs: [Int64]) throws -> [Int64: [Ingredient]] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in try Self.ingredients(recipeIDs: recipeIDs, c) }
    }

    static let ingredientsQuery = IDJoinQuery(
        """
        SELECT recipe_id, name, amount
        FROM %@ AS wanted CROSS JOIN recipe_ingredients ON recipe_id = wanted.wanted_id
        """)

    static func ingredients(recipeIDs: [Int64], _ c: Connection) throws -> [Int64: [Ingredient]] {
        try c.children(
            ingredientsQuery, of: recipeIDs, keyedBy: ("recipe_ingredients", "recipe_id")
        ) { ($0.int64(0), Ingredient(name: $0.string(1), amount: $0.string(2))) }
    }

    static let stepsQuery = IDJoinQuery(
        """
        SELECT recipe_id, position, text, image_url
        FROM %@ AS wanted CROSS JOIN recipe_steps ON recipe_id = wanted.wanted_id
        """)

    /// The steps of many recipes, numbered 1..n, in one statement.
    public func steps(recipeIDs: [Int64]) throws -> [Int64: [Step]] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(
                Self.stepsQuery, of: recipeIDs, keyedBy: ("recipe_steps", "recipe_id")
            ) { ($0.int64(0), Step(number: $0.int(1) + 1, text: $0.string(2), imageURL: $0.optionalString(3))) }
        }
    }

    /// One count for many recipes, in one statement; recipes with none are absent.
    public func counts(_ count: RecipeCount, recipeIDs: [Int64]) throws -> [Int64: Int] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in try c.counts(count.sql, ids: recipeIDs, keyedBy: count.key) }
    }

    /// Dishes made from, collections of and comments on many recipes: three statements.
    public func stats(recipeIDs: [Int64]) throws -> [Int64: RecipeStats] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in
            let cooked = try c.counts(RecipeCount.cooked.sql, ids: recipeIDs, keyedBy: RecipeCount.cooked.key)
            let collects = try c.counts(RecipeCount.collects.sql, ids: recipeIDs, keyedBy: RecipeCount.collects.key)
            let comments = try c.counts(RecipeCount.comments.sql, ids: recipeIDs, keyedBy: RecipeCount.comments.key)
            var result: [Int64: RecipeStats] = [:]
            for id in recipeIDs {
                result[id] = RecipeStats(
                    cookedCount: cooked[id] ?? 0, collectsCount: collects[id] ?? 0,
                    commentsCount: comments[id] ?? 0)
            }
            return result
        }
    }

    /// All published recipes, newest first.
    public func recipes(page: PageRequest) throws -> Page<Recipe> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.columns) FROM recipes WHERE (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: descendingBounds(page), request: page
            ) { Self.recipe($0, at: 1) }
        }
    }

    /// How many recipes are published.
    public func recipesCount() throws -> Int {
        try database.read { c in try c.queryFirst("SELECT count(*) FROM recipes") { $0.int(0) } ?? 0 }
    }

    /// One author's recipes, newest first (the count is `UserStats.recipesCount`).
    public func recipes(authorID: Int64, page: PageRequest) throws -> Page<Recipe> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.columns) FROM recipes
                WHERE author_id = ? AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [authorID] + descendingBounds(page), request: page
            ) { Self.recipe($0, at: 1) }
        }
    }
}

extension RecipeCount {
    private static let cookedQuery = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM dishes WHERE recipe_id = wanted_id) FROM %@ AS wanted")
    private static let collectsQuery = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM collections WHERE recipe_id = wanted_id) FROM %@ AS wanted")
    /// The count each recipe keeps (migration 13), not a count of its thread.
    private static let commentsQuery = IDJoinQuery(
        "SELECT id, comments_count FROM %@ AS wanted CROSS JOIN recipes ON id = wanted.wanted_id WHERE comments_count > 0")

    /// The count over the recipes in `%@`.
    fileprivate var sql: IDJoinQuery {
        switch self {
        case .cooked: Self.cookedQuery
        case .collects: Self.collectsQuery
        case .comments: Self.commentsQuery
        }
    }

    /// The table `sql` counts rows of and the column the recipes name them by.
    fileprivate var key: (table: String, column: String) {
        switch self {
        case .cooked: ("dishes", "recipe_id")
        case .collects: ("collections", "recipe_id")
        case .comments: ("recipes", "id")
        }
    }
}
