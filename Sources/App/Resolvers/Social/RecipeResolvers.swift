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
            recipe.batch("author", by: { $0.authorID }) { authorIDs, _, context in
                try context.store.users.users(ids: authorIDs).values(for: authorIDs)
            }
            recipe.batch("ingredients", by: { $0.id }) { ids, _, context in
                let ingredients = try context.store.recipes.ingredients(recipeIDs: ids)
                return ids.map { ingredients[$0] ?? [] }
            }
            recipe.batch("steps", by: { $0.id }) { ids, _, context in
                let steps = try context.store.recipes.steps(recipeIDs: ids)
                return ids.map { steps[$0] ?? [] }
            }
            // Each count field loads only its own count: one statement per field asked for.
            let counts: [(String, RecipeCount)] = [
                ("cookedCount", .cooked), ("collectsCount", .collects), ("commentsCount", .comments),
            ]
            for (name, count) in counts {
                recipe.batch(name, by: { $0.id }) { ids, _, context in
                    let counts = try context.store.recipes.counts(count, recipeIDs: ids)
                    return ids.map { counts[$0] ?? 0 }
                }
            }
            recipe.batch("viewerHasCollected", by: { $0.id }) { ids, _, context in
                guard let viewerID = context.viewerID else { return ids.map { _ in false } }
                let collected = try context.store.recipes.viewerHasCollected(recipeIDs: ids, userID: viewerID)
                return ids.map { collected.contains($0) }
            }
            recipe.batch("dishes", reading: ["first", "after"], by: { $0.id }) { ids, arguments, context in
                let pages = try storage { try context.store.dishes.dishes(recipeIDs: ids, page: arguments.pageRequest()) }
                return Connection.each(ids, pages, counts: LazyCounts {
                    try context.store.recipes.counts(.cooked, recipeIDs: ids)
                })
            }
            recipe.batch("comments", reading: ["first", "after"], by: { CommentTarget.recipe($0.id) }) {
                targets, arguments, context in
                try CommentResolvers.threads(targets, arguments, context)
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
