import GraphQL
import Storage

/// `Basket` (菜篮子), `BasketRecipe`, `BasketIngredient` and `MergedIngredient`: the
/// shopping list built from recipes, with same-named ingredients merged.
enum BasketResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Basket", parent: Basket.self) { basket in
            basket.property("recipes") { $0.recipes }
            basket.property("merged") { $0.merged }
        }
        resolvers.type("BasketRecipe", parent: BasketRecipe.self) { entry in
            entry.batch("recipe") { entries, _, context in
                let recipes = try context.store.recipes.recipes(ids: entries.map(\.recipeID))
                return CommerceOutput.lookup(entries, key: \.recipeID, in: recipes)
            }
            entry.property("ingredients") { $0.ingredients }
        }
        resolvers.type("BasketIngredient", parent: BasketIngredient.self) { ingredient in
            ingredient.property("name") { $0.name }
            ingredient.property("amount") { $0.amount }
            ingredient.property("purchased") { $0.purchased }
        }
        resolvers.type("MergedIngredient", parent: MergedIngredient.self) { ingredient in
            ingredient.property("name") { $0.name }
            ingredient.property("amounts") { $0.amounts }
            ingredient.property("purchased") { $0.purchased }
        }
    }
}
