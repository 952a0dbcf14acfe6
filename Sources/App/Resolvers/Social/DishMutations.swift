import GraphQL
import Storage

/// Sharing dishes, liking them, and commenting on any thread.
enum DishMutations {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Mutation") { mutation in
            mutation.field("uploadDish", reading: ["input"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let input = arguments.object("input") ?? ObjectValue()
                let dish = NewDish(
                    photos: (input.texts("photoUrls") ?? []).map { Photo(url: $0) }
                        + (try context.uploads(input["photos"])).map(\.photo),
                    description: input.text("description"), tags: input.texts("tags") ?? [],
                    meal: input.text("meal").flatMap(Meal.init(rawValue:)),
                    recipeID: try input.text("recipeId").map { text throws(GraphQLError) in
                        try GlobalID.rowID(text, of: "Recipe", argument: "recipeId")
                    })
                return try storage { try context.store.dishes.uploadDish(authorID: viewerID, dish) }
            }
            mutation.field("likeDish", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Dish")
                return try storage { try context.store.dishes.like(dishID: id, userID: viewerID) }
            }
            mutation.field("unlikeDish", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Dish")
                return try storage { try context.store.dishes.unlike(dishID: id, userID: viewerID) }
            }
            mutation.field("addComment", reading: ["targetId", "text", "replyToId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let target = try CommentResolvers.target(arguments, "targetId")
                let replyToID = try arguments.optionalID("replyToId", of: "Comment")
                return try storage {
                    try context.store.comments.addComment(
                        authorID: viewerID, target: target, text: arguments.string("text") ?? "",
                        replyToID: replyToID)
                }
            }
        }
    }
}
