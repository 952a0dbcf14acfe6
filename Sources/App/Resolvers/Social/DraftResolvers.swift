import GraphQL
import Storage

/// `Draft`: a recipe being written. Loaded with its steps and ingredients, only for its
/// author.
enum DraftResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Draft", parent: Draft.self) { draft in
            draft.property("id") { GlobalID.encode("Draft", $0.id) }
            draft.property("name") { $0.name }
            draft.property("description") { $0.description }
            draft.property("coverImage") { Photo(storedURL: $0.coverURL) }
            draft.property("tips") { $0.tips }
            draft.property("ingredients") { $0.ingredients }
            draft.property("steps") { $0.steps }
            draft.property("createdAt") { $0.createdAt }
            draft.property("updatedAt") { $0.updatedAt }
        }
    }

    /// The same `NOT_FOUND` for a missing draft and for someone else's.
    static let notFound = GraphQLError("No draft of yours has this ID.", code: .notFound)
}
