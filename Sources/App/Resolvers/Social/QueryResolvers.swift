import GraphQL
import Storage

/// The social fields of `Query`: lookups by ID, lists, the feed and mention candidates.
enum QueryResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Query") { query in
            query.field("viewer") { _, context in
                try context.viewerID.flatMap { try context.store.users.user(id: $0) }
            }
            query.field("user", reading: ["id"]) { arguments, context in
                try context.store.users.user(id: arguments.id("id", of: "User"))
            }
            query.field("recipe", reading: ["id"]) { arguments, context in
                try context.store.recipes.recipe(id: arguments.id("id", of: "Recipe"))
            }
            query.field("dish", reading: ["id"]) { arguments, context in
                try context.store.dishes.dish(id: arguments.id("id", of: "Dish"))
            }
            query.field("topic", reading: ["id"]) { arguments, context in
                try context.store.forums.topics(ids: [arguments.id("id", of: "Topic")]).values.first
            }
            query.field("draft", reading: ["id"]) { arguments, context in
                let id = try arguments.id("id", of: "Draft")
                let viewerID = try context.requireViewer()
                guard let draft = try context.store.drafts.draft(id: id, authorID: viewerID) else {
                    throw DraftResolvers.notFound
                }
                return draft
            }
            query.field("recipes", reading: ["first", "after"]) { arguments, context in
                let page = try storage { try context.store.recipes.recipes(page: arguments.pageRequest()) }
                return Connection(page) { try context.store.recipes.recipesCount() }
            }
            query.field("forums") { _, context in try context.store.forums.forums() }
            query.field("feed", reading: ["first", "after"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let entries = try storage { try context.store.dishes.feed(viewerID: viewerID, page: arguments.pageRequest()) }
                return Connection(try feedItems(entries, context)) {
                    try context.store.dishes.feedCount(viewerID: viewerID)
                }
            }
            query.field("mentionCandidates", reading: ["targetId", "prefix", "first"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let target = try CommentResolvers.target(arguments, "targetId")
                let first = arguments.int("first") ?? 10
                guard (0...PageRequest.maximumFirst).contains(first) else {
                    throw GraphQLError("`first` must be 0 to 100; it was \(first).", code: .badUserInput)
                }
                guard try context.store.comments.targetExists(target) else {
                    throw GraphQLError("Nothing to comment on has this ID.", code: .notFound)
                }
                let ids = try context.store.comments.mentionCandidates(
                    target: target, viewerID: viewerID, prefix: arguments.string("prefix") ?? "", first: first)
                let users = try context.store.users.users(ids: ids)
                return ids.compactMap { users[$0] }
            }
        }
    }

    /// A page of feed entries as dishes and recipes: one statement for each kind.
    static func feedItems(_ entries: Page<FeedEntry>, _ context: RequestContext) throws -> Page<FeedItem> {
        var dishIDs: [Int64] = [], recipeIDs: [Int64] = []
        for entry in entries.nodes {
            switch entry {
            case .dish(let id): dishIDs.append(id)
            case .recipe(let id): recipeIDs.append(id)
            }
        }
        let dishes = dishIDs.isEmpty ? [:] : try context.store.dishes.dishes(ids: dishIDs)
        let recipes = recipeIDs.isEmpty ? [:] : try context.store.recipes.recipes(ids: recipeIDs)
        let edges: [(cursor: Cursor, node: FeedItem)] = entries.edges.compactMap { edge in
            switch edge.node {
            case .dish(let id): dishes[id].map { (edge.cursor, FeedItem(item: .dish($0))) }
            case .recipe(let id): recipes[id].map { (edge.cursor, FeedItem(item: .recipe($0))) }
            }
        }
        return Page(edges: edges, hasNextPage: entries.hasNextPage, hasPreviousPage: entries.hasPreviousPage)
    }
}
