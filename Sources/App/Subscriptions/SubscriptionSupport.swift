import GraphQL
import Storage

/// Where a subscription's events come from: a topic of the event log, who owns the
/// stream (for the per-user limit), the token it was opened with (for revocation), and
/// how a stored event becomes the root value of one execution (nil skips the event).
///
/// A topic's events mean the same to every subscriber of it (the topic is chosen from
/// the viewer where the data is the viewer's own), so the hub loads the root value once
/// per event for all of them; and `owner` names the viewer, on whom the rest of a result
/// may depend.
struct SubscriptionSource: Sendable {
    let topic: String
    /// The signed-in owner (`user:<id>`); nil for an anonymous stream, which is counted by
    /// client address instead.
    let owner: String?
    /// The digest of the bearer token of the viewer; a revocation of it ends the stream.
    var tokenDigest: [UInt8]? = nil
    let rootValue: @Sendable (StoredEvent) throws -> Any?
}

/// What the pipeline needs to serve subscriptions: the hub, and the source stream of a
/// prepared subscription for a context (CreateSourceEventStream), which throws a request
/// error such as UNAUTHENTICATED.
struct SubscriptionSupport<Context>: Sendable {
    let hub: SubscriptionHub
    let source: @Sendable (PreparedSubscription, Context) throws(GraphQLError) -> SubscriptionSource
}
