import GraphQL

/// Both apps' shopping: market, goods, shops, cart, addresses, orders, basket, the lunch
/// menu, app configuration and settings.
enum CommerceResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
    }

    /// How `node`/`nodes` load this area's object types by row id.
    static let nodeLoaders: [String: NodeLoader] = [:]
}
