import Foundation

extension RecipeRepository {
    /// Collects (bookmarks) a recipe; idempotent. Returns the recipe.
    public func collect(recipeID: Int64, userID: Int64) throws -> Recipe {
        try database.write { c in
            guard let recipe = try Self.recipes(ids: [recipeID], c)[recipeID] else {
                throw DomainError.notFound("No recipe has this ID.")
            }
            try c.execute(
                """
                INSERT INTO collections (user_id, recipe_id, created_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id, recipe_id) DO NOTHING
                """, userID, recipeID, clock().milliseconds)
            return recipe
        }
    }

    /// Removes a recipe from a user's collection; idempotent. Returns the recipe.
    public func uncollect(recipeID: Int64, userID: Int64) throws -> Recipe {
        try database.write { c in
            guard let recipe = try Self.recipes(ids: [recipeID], c)[recipeID] else {
                throw DomainError.notFound("No recipe has this ID.")
            }
            try c.execute(
                "DELETE FROM collections WHERE user_id = ? AND recipe_id = ?", userID, recipeID)
            return recipe
        }
    }

    /// Which of `recipeIDs` the user collected.
    public func viewerHasCollected(recipeIDs: [Int64], userID: Int64) throws -> Set<Int64> {
        guard !recipeIDs.isEmpty else { return [] }
        return try database.read(rowsOf: [("collections", "user_id")], userID) { c in
            let list = SQLList(distinct(recipeIDs))
            return Set(
                try c.query(
                    """
                    SELECT recipe_id FROM collections
                    WHERE user_id = ? AND recipe_id IN (\(list.placeholders))
                    """, arguments: [userID] + list.arguments
                ) { $0.int64(0) })
        }
    }

    /// A user's collected recipes, most recently collected first.
    public func collections(userID: Int64, page: PageRequest) throws -> Page<Recipe> {
        try database.read(rowsOf: [("collections", "user_id")], userID) { c in
            try c.page(
                """
                SELECT k.created_at, k.id, \(Self.columns.split(separator: ",").map { "r." + $0.trimmed }.joined(separator: ", "))
                FROM collections k JOIN recipes r ON r.id = k.recipe_id
                WHERE k.user_id = ? AND (k.created_at, k.id) < (?, ?)
                ORDER BY k.created_at DESC, k.id DESC LIMIT ?
                """, arguments: [userID] + descendingBounds(page), request: page
            ) { Self.recipe($0, at: 2) }
        }
    }

    /// How many recipes a user collected.
    public func collectionsCount(userID: Int64) throws -> Int {
        try database.read(rowsOf: [("collections", "user_id")], userID) { c in
            try c.queryFirst("SELECT count(*) FROM collections WHERE user_id = ?", userID) {
                $0.int(0)
            } ?? 0
        }
    }

    /// Inserts a recipe with its ingredients and steps (positions 0..n-1) and, unless
    /// told not to, its search row. Used by publishing and by the demo data.
    static func insert(
        authorID: Int64, name: String, description: String?, coverURL: String?, tips: String?,
        ingredients: [Ingredient], steps: [(text: String, imageURL: String?)], createdAt: Date,
        indexForSearch: Bool = true, _ c: Connection
    ) throws -> Int64 {
        try Bounds.check(steps.count, atMost: Bounds.recipeSteps, "steps", of: "A recipe")
        try Bounds.check(ingredients.count, atMost: Bounds.recipeIngredients, "ingredients", of: "A recipe")
        try c.execute(
            """
            INSERT INTO recipes (author_id, name, description, cover_url, tips, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, authorID, name, description, coverURL, tips, createdAt.milliseconds)
        let id = c.lastInsertRowID
        for (position, ingredient) in ingredients.enumerated() {
            try c.execute(
                "INSERT INTO recipe_ingredients (recipe_id, position, name, amount) VALUES (?, ?, ?, ?)",
                id, position, ingredient.name, ingredient.amount)
        }
        for (position, step) in steps.enumerated() {
            try c.execute(
                "INSERT INTO recipe_steps (recipe_id, position, text, image_url) VALUES (?, ?, ?, ?)",
                id, position, step.text, step.imageURL)
        }
        if indexForSearch {
            try index(
                recipeID: id, name: name, ingredients: ingredients.map(\.name),
                description: description, c)
        }
        return id
    }

    /// Writes a recipe's search rows: name, ingredient names and description, pre-tokenized,
    /// in the index of every search tier (`SearchTiers`).
    static func index(
        recipeID: Int64, name: String, ingredients: [String], description: String?,
        _ c: Connection
    ) throws {
        let name = FullText.indexable(name)
        let ingredients = FullText.indexable(ingredients.joined(separator: " "))
        try c.execute("INSERT INTO recipe_name_search (rowid, name) VALUES (?, ?)", recipeID, name)
        try c.execute(
            "INSERT INTO recipe_name_ingredient_search (rowid, name, ingredients) VALUES (?, ?, ?)",
            recipeID, name, ingredients)
        try c.execute(
            "INSERT INTO recipe_search (rowid, name, ingredients, description) VALUES (?, ?, ?, ?)",
            recipeID, name, ingredients, FullText.indexable(description ?? ""))
    }
}
