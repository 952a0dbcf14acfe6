import GraphQL
import Storage

/// `node` and `nodes`: any object by its global ID, dispatched by the ID's type to
/// `NodeLoaders.all`, one batch per type.
enum NodeResolvers {
    /// The most IDs one `nodes` call may name.
    static let maximumIDs = 100

    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Query") { query in
            query.field("node", reading: ["id"]) { arguments, context in
                try load([arguments.string("id") ?? ""], argument: "id", context)[0]
            }
            query.field("nodes", reading: ["ids"]) { arguments, context in
                let ids = (arguments.list("ids") ?? []).map { item -> String in
                    if case .string(let text) = item { return text }
                    return ""
                }
                guard ids.count <= maximumIDs else {
                    throw GraphQLError(
                        "\"ids\" may name at most \(maximumIDs) objects; it named \(ids.count).",
                        code: .badUserInput)
                }
                return Resolved.list(try load(ids, argument: "ids", context))
            }
        }
    }

    /// The objects `ids` name, in order: `.null` where there is none or the viewer may not
    /// see it. A malformed ID is `BAD_USER_INPUT`; an ID of an unknown type reads as null.
    static func load(_ ids: [String], argument: String, _ context: RequestContext) throws -> [Resolved] {
        var parsed: [GlobalID] = []
        for text in ids {
            guard let id = GlobalID(encoded: text) else {
                throw GraphQLError("\"\(argument)\" must hold global IDs; \"\(text.prefix(100))\" is not one.", code: .badUserInput)
            }
            parsed.append(id)
        }
        var loaded: [String: [Int64: Resolved]] = [:]
        for (typeName, group) in Dictionary(grouping: parsed, by: \.typeName) {
            guard let loader = NodeLoaders.all[typeName] else { continue }
            loaded[typeName] = try loader(group.map(\.rowID), context)
        }
        return parsed.map { loaded[$0.typeName]?[$0.rowID] ?? .null }
    }

    /// How `node`/`nodes` load the social half's object types.
    static let loaders: [String: NodeLoader] = [
        "User": { ids, context in try context.store.users.users(ids: ids).mapValues { .object($0) } },
        "Recipe": { ids, context in try context.store.recipes.recipes(ids: ids).mapValues { .object($0) } },
        "Dish": { ids, context in try context.store.dishes.dishes(ids: ids).mapValues { .object($0) } },
        "Comment": { ids, context in try context.store.comments.comments(ids: ids).mapValues { .object($0) } },
        "Topic": { ids, context in try context.store.forums.topics(ids: ids).mapValues { .object($0) } },
        "Forum": { ids, context in try context.store.forums.forums(ids: ids).mapValues { .object($0) } },
        "Draft": { ids, context in
            guard let viewerID = context.viewerID else { return [:] }
            return try context.store.drafts.drafts(ids: ids, authorID: viewerID).mapValues { .object($0) }
        },
    ]
}
