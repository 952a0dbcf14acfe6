import GraphQL
import Storage

/// Collecting (bookmarking) recipes.
enum RecipeMutations {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Mutation") { mutation in
            mutation.field("collectRecipe", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Recipe")
                return try storage { try context.store.recipes.collect(recipeID: id, userID: viewerID) }
            }
            mutation.field("uncollectRecipe", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Recipe")
                return try storage { try context.store.recipes.uncollect(recipeID: id, userID: viewerID) }
            }
        }
    }
}
