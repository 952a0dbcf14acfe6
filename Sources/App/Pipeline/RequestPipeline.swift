import GraphQL
import HTTPServer

/// The one place where any incoming GraphQL request becomes an operation that may run, or
/// a refusal — whatever transport carried it.
///
/// Every policy is decided here, in this order, so that every transport obeys it alike:
///
/// 1. cross-site forgery (`CrossSiteRequests`: a form POST needs a preflight header),
///    and the size of a batch (`admitBatch`);
/// 2. the document: the request's text, an automatic persisted query, or a trusted
///    document (`PersistedQueries`: in trusted-documents mode nothing else runs);
/// 3. the size and variable limits (`RequestLimits`);
/// 4. parse, validate (introspection off, suggestions off) and cost, once per distinct
///    text (`GraphQLService.prepare`, cached in its `DocumentCache`);
/// 5. what the transport may run (`Transport`): no mutation over GET (405), a
///    subscription only on a streaming transport;
/// 6. the input checks, which need the operation's types (`StoredTexts`: no U+0000 in
///    text a mutation would store);
/// 7. the viewer (`makeContext`, from the caller's `Authorization`), and the client's
///    address (`ForwardedAddresses`: a trusted proxy's `X-Forwarded-For`, else the
///    connection's).
///
/// Then execution, also here: queries in one shared database snapshot and answered from
/// the response cache when they can be, mutations answered only once their writes are on
/// disk, subscriptions opened on the `SubscriptionHub`; and a result that met a database
/// that does not answer becomes the `unavailable` refusal (503, `Retry-After`) on every
/// transport (`outage(in:)`).
///
/// ## How a transport uses it
///
/// A transport decodes its wire format and nothing more:
///
/// ```swift
/// let incoming = IncomingRequest(parameters: decoded, transport: .webSocket, caller: caller)
/// switch pipeline.prepare(incoming) {
/// case .failure(let refusal):
///     // Encode `refusal.errors`; over HTTP `Reply.refusal` also uses `refusal.kind` for
///     // the status and adds `refusal.headers` (Allow, Retry-After).
/// case .success(let operation) where operation.isSubscription:
///     // Open the stream: the hub calls the sink for each event, keep-alive and end.
///     if let refusal = pipeline.subscribe(operation, sink: mySink) { /* encode it */ }
/// case .success(let operation):
///     // One result: `respond(operation, reply:)` over HTTP, or
///     // `execute(operation)` then `whenDeliverable(_:_:)` for a transport of its own.
/// }
/// ```
///
/// A streaming transport implements `SubscriptionSink`: `send` gets each event's result,
/// `sendKeepAlive` the hub's periodic keep-alive, and `end(_:)` is how the hub tells it to
/// end the stream — `.revoked` when the token that opened it was signed out or revoked in
/// any Kitchen process on the database (SSE then sends `complete`, a multipart response a
/// final `{"payload":null,"errors":[…]}` part, a WebSocket closes with 4403), or
/// `.serverStopping`. A client that goes away is noticed by the transport (for HTTP
/// streams, a watcher on the suspended socket: `HTTPStream`), which then reports the
/// sink closed through `onClose`, and the hub frees the slot.
struct RequestPipeline<Context: Sendable>: Sendable {
    /// The engine: the bound schema, the prepared-document cache and the request limits.
    let service: GraphQLService<Context>
    /// Names the viewer for a caller; throws a request error (e.g. `INTERNAL` when the
    /// token store cannot be read).
    let makeContext: @Sendable (Caller) throws(GraphQLError) -> Context
    /// Automatic persisted queries, and the trusted documents when only those may run.
    var persistedQueries = PersistedQueries()
    /// Gives a context the files of its multipart upload; nil refuses requests with files.
    var attachUploads: (@Sendable (Context, RequestUploads) -> Context)? = nil
    /// Subscriptions: the hub and the event sources; nil refuses every subscription.
    var subscriptions: SubscriptionSupport<Context>? = nil
    /// Whole query responses kept while the data is unchanged; nil executes every query.
    var responseCaching: ResponseCaching<Context>? = nil
    /// Runs an operation's execution; the server runs it inside one shared database
    /// snapshot (renewed after each write), so the fields of a query see the same data.
    var runOperation: @Sendable (() -> ExecutionResult) -> ExecutionResult = { $0() }
    /// Holds a mutation's answer until its writes are on disk; nil answers at once.
    var writeDurability: WriteDurability? = nil
    /// The load balancers whose `X-Forwarded-For` names the client (none by default).
    var forwardedAddresses = ForwardedAddresses()

    init(service: GraphQLService<Context>, makeContext: @escaping @Sendable (Caller) throws(GraphQLError) -> Context) {
        self.service = service
        self.makeContext = makeContext
    }

    /// The policies that depend only on how a request came, not on what it asks (a form
    /// POST without a preflight header): for a transport to apply before it decodes, and
    /// stages, a body. `prepare` applies them again, so skipping this costs only work.
    func admit(_ transport: Transport, caller: Caller) -> Refusal? {
        CrossSiteRequests.check(transport, caller: caller)
    }

    /// The refusal for a batch (a JSON array) of `count` operations, when batching is off
    /// or the batch is too large (or empty); nil when each operation may go through
    /// `prepare` in turn.
    func admitBatch(count: Int) -> Refusal? {
        let maxBatch = service.limits.maxBatch
        guard maxBatch > 0 else { return .malformed(Self.batchingOff) }
        guard count > 0 else { return .malformed(Self.emptyBatch) }
        guard count <= maxBatch else { return .malformed(Self.batchTooLarge(count, limit: maxBatch)) }
        return nil
    }

    /// Judges one request: the operation that may run, or the refusal every transport
    /// gives it.
    func prepare(_ request: IncomingRequest) -> Result<ReadyOperation<Context>, Refusal> {
        if let refusal = admit(request.transport, caller: request.caller) { return .failure(refusal) }
        let parameters = request.parameters
        let query: String
        switch persistedQueries.resolve(parameters) {
        case .text(let text): query = text
        case .refused(let error): return .failure(Refusal([error]))
        case .malformed(let message): return .failure(.malformed(message))
        }
        if let tooLong = service.limits.checkDocumentSize(query) { return .failure(Refusal([tooLong])) }
        if let tooMany = service.limits.checkVariables(parameters.variables) { return .failure(Refusal([tooMany])) }
        let prepared: PreparedDocument
        switch service.prepare(query) {
        case .ready(let document): prepared = document
        case .rejected(let errors): return .failure(Refusal(errors))
        }
        let operationType = prepared.operationType(named: parameters.operationName)
        if let refusal = Self.transportRule(operationType, request.transport) { return .failure(refusal) }
        if let nul = StoredTexts.check(
            prepared, operationType: operationType, operationName: parameters.operationName,
            variables: parameters.variables, schema: service.bound.schema)
        {
            return .failure(Refusal([nul]))
        }
        let caller = forwardedAddresses.resolve(request.caller)
        var context: Context
        do {
            context = try makeContext(caller)
        } catch {
            return .failure(.judging([error]))
        }
        if !request.uploads.isEmpty {
            guard let attachUploads else { return .failure(.malformed(Self.uploadsRefused)) }
            context = attachUploads(context, request.uploads)
        }
        return .success(
            ReadyOperation(
                query: query, prepared: prepared, parameters: parameters, operationType: operationType,
                transport: request.transport, caller: caller, context: context,
                hasUploads: !request.uploads.isEmpty))
    }

    /// What `transport` may not run: a mutation where it must be safe, a subscription where
    /// it cannot stream.
    static func transportRule(_ operationType: OperationType?, _ transport: Transport) -> Refusal? {
        switch operationType {
        case .mutation? where !transport.runsMutations:
            return Refusal(
                [GraphQLError(mutationOverGET, code: .badRequest)], kind: .methodNotAllowed,
                headers: ["Allow": "POST"])
        case .subscription? where !transport.streams:
            return Refusal([GraphQLError(subscriptionNeedsStream, code: .badRequest)])
        default:
            return nil
        }
    }

    // MARK: Messages

    static var mutationOverGET: String { "Mutations cannot run over GET, which must be safe; send them with POST." }
    static var subscriptionNeedsStream: String {
        "Subscriptions stream their events: send the request with Accept: text/event-stream "
            + "(server-sent events) or Accept: multipart/mixed;subscriptionSpec=1.0 (multipart "
            + "subscriptions), or over a graphql-transport-ws WebSocket."
    }
    static var uploadsRefused: String { "This endpoint does not accept file uploads." }
    static var batchingOff: String {
        "Batching is off on this server (kitchen serve --max-batch N turns it on): send one operation, "
            + "a JSON object, per request."
    }
    static var emptyBatch: String { "A batch must hold at least one operation." }
    static func batchTooLarge(_ count: Int, limit: Int) -> String {
        "This batch holds \(count) operations; at most \(limit) may be sent in one request (--max-batch)."
    }
}
