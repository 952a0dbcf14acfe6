import GraphQL
import Storage

/// `Dish` (作品): photos come with the dish; tags, author, recipe, likes and comment
/// counts load in batches.
enum DishResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Dish", parent: Dish.self) { dish in
            dish.property("id") { GlobalID.encode("Dish", $0.id) }
            dish.property("photos") { $0.photos }
            dish.property("description") { $0.description }
            dish.batch("tags", by: { $0.id }) { ids, _, context in
                let tags = try context.store.dishes.tags(dishIDs: ids)
                return ids.map { tags[$0] ?? [] }
            }
            dish.property("meal") { $0.meal }
            dish.property("createdAt") { $0.createdAt }
            dish.batch("author", by: { $0.authorID }) { authorIDs, _, context in
                try context.store.users.users(ids: authorIDs).values(for: authorIDs)
            }
            dish.batch("recipe", by: { $0.recipeID }) { recipeIDs, _, context in
                let ids = recipeIDs.compactMap { $0 }
                let recipes = ids.isEmpty ? [:] : try context.store.recipes.recipes(ids: ids)
                return recipeIDs.map { $0.flatMap { recipes[$0] } }
            }
            dish.batch("likesCount", by: { $0.id }) { ids, _, context in
                let counts = try context.store.dishes.likesCounts(dishIDs: ids)
                return ids.map { counts[$0] ?? 0 }
            }
            dish.batch("viewerHasLiked", by: { $0.id }) { ids, _, context in
                guard let viewerID = context.viewerID else { return ids.map { _ in false } }
                let liked = try context.store.dishes.viewerHasLiked(dishIDs: ids, userID: viewerID)
                return ids.map { liked.contains($0) }
            }
            dish.batch("commentsCount", by: { CommentTarget.dish($0.id) }) { targets, _, context in
                try CommentResolvers.counts(targets, context)
            }
            dish.batch("comments", reading: ["first", "after"], by: { CommentTarget.dish($0.id) }) {
                targets, arguments, context in
                try CommentResolvers.threads(targets, arguments, context)
            }
        }
    }
}
