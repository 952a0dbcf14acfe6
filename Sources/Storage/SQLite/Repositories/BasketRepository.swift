import Foundation

/// The basket (菜篮子): recipes whose ingredients make a shopping list, with bought marks.
///
/// A mark belongs to an ingredient *name* (trimmed, lower-cased), so marking 鸡蛋 bought
/// marks it in every recipe of the basket.
public struct BasketRepository: Sendable {
    let database: Database

    /// A repository over `database`.
    public init(database: Database) {
        self.database = database
    }

    /// The user's basket, recipes in the order they were added.
    public func basket(userID: Int64) throws -> Basket {
        try database.read(rowsOf: [("basket_recipes", "user_id"), ("basket_purchases", "user_id")], userID) { c in try Self.basket(userID: userID, c) }
    }

    static func basket(userID: Int64, _ c: Connection) throws -> Basket {
        let recipeIDs = try c.query(
            "SELECT recipe_id FROM basket_recipes WHERE user_id = ? ORDER BY id", userID
        ) { $0.int64(0) }
        let purchased = Set(
            try c.query("SELECT name_key FROM basket_purchases WHERE user_id = ?", userID) {
                $0.string(0)
            })
        return Basket(
            recipeIDs: recipeIDs, ingredients: try RecipeRepository.ingredients(recipeIDs: recipeIDs, c),
            purchased: purchased)
    }

    /// Puts a recipe in the basket; idempotent (it keeps its place).
    public func addRecipe(userID: Int64, recipeID: Int64) throws -> Basket {
        try database.write { c in
            guard try c.exists("SELECT 1 FROM recipes WHERE id = ?", recipeID) else {
                throw DomainError.notFound("No recipe has this ID.")
            }
            try c.execute(
                """
                INSERT INTO basket_recipes (user_id, recipe_id) VALUES (?, ?)
                ON CONFLICT (user_id, recipe_id) DO NOTHING
                """, userID, recipeID)
            let basket = try Self.basket(userID: userID, c)
            try Bounds.check(basket.recipes.count, atMost: Bounds.basketRecipes, "recipes", of: "A basket")
            return basket
        }
    }

    /// Takes a recipe out of the basket; idempotent.
    public func removeRecipe(userID: Int64, recipeID: Int64) throws -> Basket {
        try database.write { c in
            try c.execute(
                "DELETE FROM basket_recipes WHERE user_id = ? AND recipe_id = ?", userID, recipeID)
            return try Self.basket(userID: userID, c)
        }
    }

    /// Empties the basket and forgets its marks.
    public func clear(userID: Int64) throws -> Basket {
        try database.write { c in
            try c.execute("DELETE FROM basket_recipes WHERE user_id = ?", userID)
            try c.execute("DELETE FROM basket_purchases WHERE user_id = ?", userID)
            return Basket(recipes: [])
        }
    }

    /// Marks every ingredient of that name (trimmed, case-insensitive) bought or not; a
    /// blank name is `badInput`.
    public func setPurchased(userID: Int64, name: String, purchased: Bool) throws -> Basket {
        let key = Basket.nameKey(try Validation.nonBlank(name, field: "ingredient name"))
        return try database.write { c in
            if purchased {
                try c.execute(
                    """
                    INSERT INTO basket_purchases (user_id, name_key) VALUES (?, ?)
                    ON CONFLICT DO NOTHING
                    """, userID, key)
            } else {
                try c.execute(
                    "DELETE FROM basket_purchases WHERE user_id = ? AND name_key = ?", userID, key)
            }
            return try Self.basket(userID: userID, c)
        }
    }
}
