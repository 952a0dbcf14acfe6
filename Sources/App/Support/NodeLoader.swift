import GraphQL

/// Loads the objects of one type for `node`/`nodes`: the row ids of one batch in, the
/// objects the viewer may see out (a missing key reads as null, like a missing object).
typealias NodeLoader = @Sendable (_ rowIDs: [Int64], _ context: RequestContext) throws -> [Int64: Resolved]

enum NodeLoaders {
    /// Every area's loaders by object type name.
    static let all: [String: NodeLoader] = SocialResolvers.nodeLoaders
        .merging(CommerceResolvers.nodeLoaders) { first, _ in first }
}
