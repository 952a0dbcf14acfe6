import GraphQL

/// A request the pipeline let through: every policy passed, its document prepared
/// (parsed, validated, costed), the viewer named in `context`.
///
/// The transport runs a query or mutation with `RequestPipeline.respond` (one HTTP
/// response) or `RequestPipeline.execute` (a result it encodes itself), and opens a
/// subscription's stream with `RequestPipeline.subscribe`. It never runs anything the
/// pipeline has not handed it as a `ReadyOperation`.
struct ReadyOperation<Context: Sendable>: Sendable {
    /// The document text that runs (the request's, or a persisted or trusted document's).
    let query: String
    let prepared: PreparedDocument
    let parameters: GraphQLRequest
    /// The operation's type, when it can be told (the named one, or the only one); nil
    /// when it cannot, and then execution answers with the request error that says why.
    let operationType: OperationType?
    /// The transport that asked, and who.
    let transport: Transport
    let caller: Caller
    /// The request's context: the viewer, the store, any uploads.
    let context: Context
    /// Whether the request carried files.
    let hasUploads: Bool

    /// Whether this is a subscription, which needs `RequestPipeline.subscribe`.
    var isSubscription: Bool { operationType == .subscription }

    /// The name a request log shows: the requested one, or the document's only one.
    var loggedOperationName: String? { parameters.operationName ?? prepared.soleOperationName }
}
