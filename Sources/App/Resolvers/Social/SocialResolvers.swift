import GraphQL

/// The kitchen app's social half: accounts, users, recipes, drafts, dishes, comments,
/// forums, the feed and search.
enum SocialResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
    }

    /// How `node`/`nodes` load this area's object types by row id.
    static let nodeLoaders: [String: NodeLoader] = [:]
}
