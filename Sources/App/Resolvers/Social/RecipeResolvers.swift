import GraphQL
import Storage

/// `Recipe`, `Ingredient` and `Step`: a published recipe, with its parts, counts and
/// connections loaded in batches.
enum RecipeResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Recipe", parent: Recipe.self) { recipe in
            recipe.property("id") { GlobalID.encode("Recipe", $0.id) }
            recipe.property("name") { $0.name }
            recipe.property("description") { $0.description }
            recipe.property("coverImage") { Photo(storedURL: $0.coverURL) }
            recipe.property("tips") { $0.tips }
            recipe.property("createdAt") { $0.createdAt }
            recipe.batch("author") { recipes, _, context in
                try context.store.users.users(ids: recipes.map(\.authorID)).values(for: recipes.map(\.authorID))
            }
            recipe.batch("ingredients") { recipes, _, context in
                let ingredients = try context.store.recipes.ingredients(recipeIDs: recipes.map(\.id))
                return recipes.map { ingredients[$0.id] ?? [] }
            }
            recipe.batch("steps") { recipes, _, context in
                let steps = try context.store.recipes.steps(recipeIDs: recipes.map(\.id))
                return recipes.map { steps[$0.id] ?? [] }
            }
            // Each count field loads only its own count: one statement per field asked for.
            let counts: [(String, RecipeCount)] = [
                ("cookedCount", .cooked), ("collectsCount", .collects), ("commentsCount", .comments),
            ]
            for (name, count) in counts {
                recipe.batch(name) { recipes, _, context in
                    let counts = try context.store.recipes.counts(count, recipeIDs: recipes.map(\.id))
                    return recipes.map { counts[$0.id] ?? 0 }
                }
            }
            recipe.batch("viewerHasCollected") { recipes, _, context in
                guard let viewerID = context.viewerID else { return recipes.map { _ in false } }
                let collected = try context.store.recipes.viewerHasCollected(
                    recipeIDs: recipes.map(\.id), userID: viewerID)
                return recipes.map { collected.contains($0.id) }
            }
            recipe.batch("dishes", reading: ["first", "after"]) { recipes, arguments, context in
                let ids = recipes.map(\.id)
                let pages = try storage { try context.store.dishes.dishes(recipeIDs: ids, page: arguments.pageRequest()) }
                return Connection.each(ids, pages, counts: LazyCounts {
                    try context.store.recipes.counts(.cooked, recipeIDs: ids)
                })
            }
            recipe.batch("comments", reading: ["first", "after"]) { recipes, arguments, context in
                try CommentResolvers.threads(recipes.map { .recipe($0.id) }, arguments, context)
            }
        }
        resolvers.type("Ingredient", parent: Ingredient.self) { ingredient in
            ingredient.property("name") { $0.name }
            ingredient.property("amount") { $0.amount }
        }
        resolvers.type("Step", parent: Step.self) { step in
            step.property("number") { $0.number }
            step.property("text") { $0.text }
            step.property("image") { Photo(storedURL: $0.imageURL) }
        }
    }
}
