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
            dish.batch("tags") { dishes, _, context in
                let tags = try context.store.dishes.tags(dishIDs: dishes.map(\.id))
                return dishes.map { tags[$0.id] ?? [] }
            }
            dish.property("meal") { $0.meal }
            dish.property("createdAt") { $0.createdAt }
            dish.batch("author") { dishes, _, context in
                try context.store.users.users(ids: dishes.map(\.authorID)).values(for: dishes.map(\.authorID))
            }
            dish.batch("recipe") { dishes, _, context in
                let ids = dishes.compactMap(\.recipeID)
                let recipes = ids.isEmpty ? [:] : try context.store.recipes.recipes(ids: ids)
                return dishes.map { $0.recipeID.flatMap { recipes[$0] } }
            }
            dish.batch("likesCount") { dishes, _, context in
                let counts = try context.store.dishes.likesCounts(dishIDs: dishes.map(\.id))
                return dishes.map { counts[$0.id] ?? 0 }
            }
            dish.batch("viewerHasLiked") { dishes, _, context in
                guard let viewerID = context.viewerID else { return dishes.map { _ in false } }
                let liked = try context.store.dishes.viewerHasLiked(dishIDs: dishes.map(\.id), userID: viewerID)
                return dishes.map { liked.contains($0.id) }
            }
            dish.batch("commentsCount") { dishes, _, context in
                try CommentResolvers.counts(dishes.map { .dish($0.id) }, context)
            }
            dish.batch("comments", reading: ["first", "after"]) { dishes, arguments, context in
                try CommentResolvers.threads(dishes.map { .dish($0.id) }, arguments, context)
            }
        }
    }
}
