import Foundation

/// Published recipes and collections on PostgreSQL (`RecipeStore`).
struct PostgresRecipes: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = RecipeRepository.columns

    static func recipes(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Recipe] {
        let rows = try c.query(
            "SELECT \(columns) FROM recipes WHERE id = ANY($1::bigint[])", arguments: [.integers(distinct(ids))]
        ) { RecipeRepository.recipe($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    static func ingredients(recipeIDs: [Int64], _ c: PostgresConnection) throws -> [Int64: [Ingredient]] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try PostgresMarket.children(
            of: recipeIDs,
            """
            SELECT recipe_id, name, amount FROM recipe_ingredients
            WHERE recipe_id = ANY($1::bigint[]) ORDER BY recipe_id, position
            """, c) { ($0.int64(0), Ingredient(name: $0.string(1), amount: $0.string(2))) }
    }

    /// Writes a recipe with its ingredients and steps; returns its id.
    static func insert(
        authorID: Int64, name: String, description: String?, coverURL: String?, tips: String?,
        ingredients: [Ingredient], steps: [Step], createdAt: Date, _ c: PostgresConnection
    ) throws -> Int64 {
        try Bounds.check(steps.count, atMost: Bounds.recipeSteps, "steps", of: "A recipe")
        try Bounds.check(ingredients.count, atMost: Bounds.recipeIngredients, "ingredients", of: "A recipe")
        let id = try c.queryFirst(
            """
            INSERT INTO recipes (author_id, name, description, cover_url, tips, created_at)
            VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
            """, authorID, name, description, coverURL, tips, createdAt.milliseconds) { $0.int64(0) }!
        for (position, ingredient) in ingredients.enumerated() {
            try c.execute(
                "INSERT INTO recipe_ingredients (recipe_id, position, name, amount) VALUES ($1, $2, $3, $4)",
                id, position, ingredient.name, ingredient.amount)
        }
        for (position, step) in steps.enumerated() {
            try c.execute(
                "INSERT INTO recipe_steps (recipe_id, position, text, image_url) VALUES ($1, $2, $3, $4)",
                id, position, step.text, step.imageURL)
        }
        try PostgresSearch.index(
            recipeID: id, name: name, ingredients: ingredients.map(\.name), description: description, c)
        return id
    }

    /// The statement counting one kind of recipe stat for the recipes in `$1`.
    static func sql(_ count: RecipeCount) -> String {
        switch count {
        case .cooked: "SELECT recipe_id, count(*) FROM dishes WHERE recipe_id = ANY($1::bigint[]) GROUP BY 1"
        case .collects: "SELECT recipe_id, count(*) FROM collections WHERE recipe_id = ANY($1::bigint[]) GROUP BY 1"
        case .comments: "SELECT id, comments_count FROM recipes WHERE id = ANY($1::bigint[]) AND comments_count > 0"
        }
    }

    /// Checks the recipe exists, returning it, inside a write.
    private static func existing(_ id: Int64, _ c: PostgresConnection) throws -> Recipe {
        guard let recipe = try recipes(ids: [id], c)[id] else { throw DomainError.notFound("No recipe has this ID.") }
        return recipe
    }
}

extension PostgresRecipes: RecipeStore {
    func collect(recipeID: Int64, userID: Int64) throws -> Recipe {
        try database.write { c in
            let recipe = try Self.existing(recipeID, c)
            try c.execute(
                """
                INSERT INTO collections (user_id, recipe_id, created_at) VALUES ($1, $2, $3)
                ON CONFLICT (user_id, recipe_id) DO NOTHING
                """, userID, recipeID, clock().milliseconds)
            return recipe
        }
    }

    func uncollect(recipeID: Int64, userID: Int64) throws -> Recipe {
        try database.write { c in
            let recipe = try Self.existing(recipeID, c)
            try c.execute("DELETE FROM collections WHERE user_id = $1 AND recipe_id = $2", userID, recipeID)
            return recipe
        }
    }

    func viewerHasCollected(recipeIDs: [Int64], userID: Int64) throws -> Set<Int64> {
        guard !recipeIDs.isEmpty else { return [] }
        return try database.read { c in
            Set(try c.query(
                "SELECT recipe_id FROM collections WHERE user_id = $1 AND recipe_id = ANY($2::bigint[])",
                arguments: [.integer(userID), .integers(distinct(recipeIDs))]) { $0.int64(0) })
        }
    }

    func collections(userID: Int64, page: PageRequest) throws -> Page<Recipe> {
        try database.read { c in
            try c.page(
                """
                SELECT k.created_at, k.id, \(MarketRepository.columns(Self.columns, of: "r"))
                FROM collections k JOIN recipes r ON r.id = k.recipe_id
                WHERE k.user_id = $1 AND (k.created_at, k.id) < ($2, $3)
                ORDER BY k.created_at DESC, k.id DESC LIMIT $4
                """, arguments: [.integer(userID)] + newestFirstBounds(page), request: page
            ) { RecipeRepository.recipe($0, at: 2) }
        }
    }

    func collectionsCount(userID: Int64) throws -> Int {
        try database.read { c in
            try c.queryFirst("SELECT count(*) FROM collections WHERE user_id = $1", userID) { $0.int(0) } ?? 0
        }
    }

    func recipe(id: Int64) throws -> Recipe? { try recipes(ids: [id])[id] }

    func recipes(ids: [Int64]) throws -> [Int64: Recipe] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.recipes(ids: ids, c) }
    }

    func ingredients(recipeIDs: [Int64]) throws -> [Int64: [Ingredient]] {
        try database.read { c in try Self.ingredients(recipeIDs: recipeIDs, c) }
    }

    func steps(recipeIDs: [Int64]) throws -> [Int64: [Step]] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in
            try PostgresMarket.children(
                of: recipeIDs,
                """
                SELECT recipe_id, position, text, image_url FROM recipe_steps
                WHERE recipe_id = ANY($1::bigint[]) ORDER BY recipe_id, position
                """, c
            ) { ($0.int64(0), Step(number: $0.int(1) + 1, text: $0.string(2), imageURL: $0.optionalString(3))) }
        }
    }

    func stats(recipeIDs: [Int64]) throws -> [Int64: RecipeStats] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in
            let cooked = try c.counts(Self.sql(.cooked), ids: recipeIDs)
            let collects = try c.counts(Self.sql(.collects), ids: recipeIDs)
            let comments = try c.counts(Self.sql(.comments), ids: recipeIDs)
            return Dictionary(uniqueKeysWithValues: recipeIDs.map { id in
                (id, RecipeStats(
                    cookedCount: cooked[id] ?? 0, collectsCount: collects[id] ?? 0, commentsCount: comments[id] ?? 0))
            })
        }
    }

    func counts(_ count: RecipeCount, recipeIDs: [Int64]) throws -> [Int64: Int] {
        guard !recipeIDs.isEmpty else { return [:] }
        return try database.read { c in try c.counts(Self.sql(count), ids: recipeIDs) }
    }

    func recipes(page: PageRequest) throws -> Page<Recipe> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.columns) FROM recipes WHERE (created_at, id) < ($1, $2)
                ORDER BY created_at DESC, id DESC LIMIT $3
                """, arguments: newestFirstBounds(page), request: page
            ) { RecipeRepository.recipe($0, at: 1) }
        }
    }

    func recipesCount() throws -> Int {
        try database.read { c in try c.queryFirst("SELECT count(*) FROM recipes") { $0.int(0) } ?? 0 }
    }

    func recipes(authorID: Int64, page: PageRequest) throws -> Page<Recipe> {
        try recipes(authorIDs: [authorID], page: page)[authorID] ?? Page(fetched: [], request: page)
    }

    func recipes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Recipe>] {
        try database.read { c in
            try c.pages(
                table: "recipes", parentColumn: "author_id", columns: Self.columns, parentIDs: authorIDs,
                request: page) { RecipeRepository.recipe($0, at: 2) }
        }
    }
}
