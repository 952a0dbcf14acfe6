/// An ingredient of a recipe in the basket.
public struct BasketIngredient: Sendable, Hashable {
    /// The name shown to people.
    public var name: String
    /// Free text such as `半斤` or `2 tbsp`.
    public var amount: String
    /// Whether it is marked bought.
    public var purchased: Bool

    /// Makes a value from its parts.
    public init(name: String, amount: String, purchased: Bool) {
        self.name = name
        self.amount = amount
        self.purchased = purchased
    }
}

/// A recipe in the basket with its ingredients.
public struct BasketRecipe: Sendable, Hashable {
    /// The recipe it belongs to or was made from.
    public var recipeID: Int64
    /// Ingredient lines, in order.
    public var ingredients: [BasketIngredient]

    /// Makes a value from its parts.
    public init(recipeID: Int64, ingredients: [BasketIngredient]) {
        self.recipeID = recipeID
        self.ingredients = ingredients
    }
}

/// Same-named ingredients across the basket's recipes, combined.
public struct MergedIngredient: Sendable, Hashable {
    /// The name as first written.
    public var name: String
    /// Each recipe's amount, in the order the recipes were added.
    public var amounts: [String]
    /// True iff every one of them is marked bought.
    public var purchased: Bool

    /// Makes a value from its parts.
    public init(name: String, amounts: [String], purchased: Bool) {
        self.name = name
        self.amounts = amounts
        self.purchased = purchased
    }
}

/// The basket (菜篮子): a shopping list built from recipes.
public struct Basket: Sendable, Hashable {
    /// In the order they were added.
    public var recipes: [BasketRecipe]

    /// Makes a value from its parts.
    public init(recipes: [BasketRecipe]) {
        self.recipes = recipes
    }

    /// The key two ingredient names are merged by: trimmed and lower-cased.
    public static func nameKey(_ name: String) -> String { name.trimmed.lowercased() }

    /// Ingredients merged by `nameKey`, in order of first appearance.
    public var merged: [MergedIngredient] {
        var result: [MergedIngredient] = []
        var index: [String: Int] = [:]
        for ingredient in recipes.flatMap(\.ingredients) {
            let key = Self.nameKey(ingredient.name)
            if let at = index[key] {
                result[at].amounts.append(ingredient.amount)
                result[at].purchased = result[at].purchased && ingredient.purchased
            } else {
                index[key] = result.count
                result.append(
                    MergedIngredient(
                        name: ingredient.name.trimmed, amounts: [ingredient.amount],
                        purchased: ingredient.purchased))
            }
        }
        return result
    }
}
