import GraphQL
import Storage

/// `Comment`, and the comment threads of every `Commentable` (dishes, recipes, topics).
enum CommentResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Comment", parent: Comment.self) { comment in
            comment.property("id") { GlobalID.encode("Comment", $0.id) }
            comment.property("text") { $0.text }
            comment.property("createdAt") { $0.createdAt }
            comment.batch("author", by: { $0.authorID }) { authorIDs, _, context in
                try context.store.users.users(ids: authorIDs).values(for: authorIDs)
            }
            // Read here, for the comments of the level, rather than with every page of a
            // thread: most screens show comments without their mentions.
            comment.batch("mentions") { comments, _, context in
                let mentions = try context.store.comments.mentions(commentIDs: comments.map(\.id))
                let ids = mentions.values.flatMap { $0 }
                let users = ids.isEmpty ? [:] : try context.store.users.users(ids: ids)
                return comments.map { (mentions[$0.id] ?? []).compactMap { users[$0] } }
            }
            comment.batch("replyTo") { comments, _, context in
                let ids = comments.compactMap(\.replyToID)
                let replies = ids.isEmpty ? [:] : try context.store.comments.comments(ids: ids)
                return comments.map { $0.replyToID.flatMap { replies[$0] } }
            }
            comment.batch("target") { comments, _, context in
                let targets = try items(comments.map(\.target), context)
                return comments.map { targets[$0.target] }
            }
        }
    }

    /// The threads of many targets, oldest first, as `CommentConnection`s in their order:
    /// one batch of statements for the whole level.
    static func threads(
        _ targets: [CommentTarget], _ arguments: Arguments, _ context: RequestContext
    ) throws -> [Connection<Comment>] {
        let pages = try storage { try context.store.comments.comments(targets: targets, page: arguments.pageRequest()) }
        let counts = LazyCounts { try context.store.comments.commentsCounts(targets: targets) }
        return targets.map { target in
            Connection(pages[target] ?? Page(edges: [], hasNextPage: false, hasPreviousPage: false)) {
                try counts.count(target)
            }
        }
    }

    /// The comment counts of many threads, in their order.
    static func counts(_ targets: [CommentTarget], _ context: RequestContext) throws -> [Int] {
        let counts = try context.store.comments.commentsCounts(targets: targets)
        return targets.map { counts[$0] ?? 0 }
    }

    /// The dishes, recipes and topics that `targets` name: one statement per kind.
    static func items(_ targets: [CommentTarget], _ context: RequestContext) throws -> [CommentTarget: SocialItem] {
        var dishIDs: [Int64] = [], recipeIDs: [Int64] = [], topicIDs: [Int64] = []
        for target in targets {
            switch target {
            case .dish(let id): dishIDs.append(id)
            case .recipe(let id): recipeIDs.append(id)
            case .topic(let id): topicIDs.append(id)
            }
        }
        var items: [CommentTarget: SocialItem] = [:]
        if !dishIDs.isEmpty {
            for (id, dish) in try context.store.dishes.dishes(ids: dishIDs) { items[.dish(id)] = .dish(dish) }
        }
        if !recipeIDs.isEmpty {
            for (id, recipe) in try context.store.recipes.recipes(ids: recipeIDs) { items[.recipe(id)] = .recipe(recipe) }
        }
        if !topicIDs.isEmpty {
            for (id, topic) in try context.store.forums.topics(ids: topicIDs) { items[.topic(id)] = .topic(topic) }
        }
        return items
    }

    /// The thread a `Dish`, `Recipe` or `Topic` ID names; any other ID is `BAD_USER_INPUT`.
    static func target(_ arguments: Arguments, _ name: String) throws(GraphQLError) -> CommentTarget {
        let text = arguments.string(name) ?? ""
        switch GlobalID(encoded: text) {
        case let id? where id.typeName == "Dish": return .dish(id.rowID)
        case let id? where id.typeName == "Recipe": return .recipe(id.rowID)
        case let id? where id.typeName == "Topic": return .topic(id.rowID)
        default:
            throw GraphQLError(
                "\"\(name)\" must be a Dish, Recipe or Topic ID; \"\(text.prefix(100))\" is not one.",
                code: .badUserInput)
        }
    }
}
