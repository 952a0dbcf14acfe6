import GraphQL
import HTTPServer
import Storage

/// Where a subscription's events come from: a topic of the event log, who owns the
/// stream (for the per-user limit), and how a stored event becomes the root value of one
/// execution (nil skips the event).
struct SubscriptionSource: Sendable {
    let topic: String
    /// The signed-in owner (`user:<id>`); nil for an anonymous stream, which is counted by
    /// client address instead.
    let owner: String?
    let rootValue: @Sendable (StoredEvent) throws -> Any?
}

/// What `/graphql` needs to serve subscriptions over server-sent events.
struct SubscriptionSupport<Context>: Sendable {
    let hub: SubscriptionHub
    /// The source stream of a prepared subscription for a context (CreateSourceEventStream);
    /// throws a request error such as UNAUTHENTICATED.
    let source: @Sendable (PreparedSubscription, Context) throws(GraphQLError) -> SubscriptionSource

    /// Answers a request that accepts `text/event-stream`: errors before the stream opens
    /// are ordinary GraphQL responses (400 and a JSON body); otherwise a stream of `next`
    /// events, one per event of the source, until the client leaves or the server stops.
    func handle(_ request: HTTPRequest, endpoint: GraphQLEndpoint<Context>) -> (HTTPResponse, operationName: String?) {
        let reply = Reply(mediaType: .graphQLResponse)
        guard request.method == "GET" || request.method == "POST" else {
            return (GraphQLEndpoint<Context>.methodNotAllowed(allow: "GET, POST"), nil)
        }
        let parameters: GraphQLRequest
        switch endpoint.decode(request) {
        case .success(let decoded): parameters = decoded
        case .failure(let failure): return (failure.response(mediaType: .graphQLResponse), nil)
        }
        let name = parameters.operationName
        guard let query = parameters.query else {
            return (reply.malformed("The \"query\" parameter is missing."), name)
        }
        if let tooMany = endpoint.service.limits.checkVariables(parameters.variables) {
            return (reply.requestErrors([tooMany]), name)
        }
        let prepared: PreparedDocument
        switch endpoint.service.prepare(query) {
        case .ready(let document): prepared = document
        case .rejected(let errors): return (reply.requestErrors(errors), name)
        }
        let operationType = prepared.operationType(named: name)
        if let operationType, operationType != .subscription {
            return (single(prepared, parameters, operationType, request: request, endpoint: endpoint), name)
        }
        let subscription: PreparedSubscription
        switch endpoint.service.bound.prepareSubscription(
            prepared, operationName: name, variables: parameters.variables)
        {
        case .ready(let ready): subscription = ready
        case .rejected(let errors): return (reply.requestErrors(errors), name)
        }
        let context: Context
        let source: SubscriptionSource
        do {
            context = try endpoint.makeContext(request)
            source = try self.source(subscription, context)
        } catch {
            return (reply.requestErrors([error]), name)
        }
        let stream = HTTPStream()
        let service = endpoint.service
        let boxed = ContextBox(context)
        let subscriber = SubscriptionHub.Subscriber(
            topic: source.topic, owner: source.owner ?? "address:\(request.remoteAddress)", stream: stream
        ) { event in
            let root: Any?
            do {
                root = try source.rootValue(event)
            } catch {
                _ = service.onInternalError(error, [])
                return
            }
            guard let root else { return }
            let result = service.bound.executeSubscriptionEvent(
                subscription, event: root, context: boxed.value, onInternalError: service.onInternalError)
            stream.send(EventStream.next(result))
        }
        do throws(SubscriptionHub.Refusal) {
            try hub.add(subscriber)
        } catch {
            let message =
                switch error {
                case .tooManyForOwner(let limit): "At most \(limit) subscriptions may be open at once for one user."
                case .tooManyInTotal: "The server has too many open subscriptions; try again later."
                }
            var response = reply.requestErrors([GraphQLError(message, code: .badRequest)])
            response.status = 429
            return (response, name)
        }
        return (HTTPResponse(status: 200, headers: Self.streamHeaders, stream: stream), name)
    }

    /// A query or mutation asked for as an event stream: one `next` event with its result,
    /// then `complete`, in one body (the protocol allows any operation over SSE).
    private func single(
        _ prepared: PreparedDocument, _ parameters: GraphQLRequest, _ type: OperationType,
        request: HTTPRequest, endpoint: GraphQLEndpoint<Context>
    ) -> HTTPResponse {
        let reply = Reply(mediaType: .graphQLResponse)
        if request.method == "GET", type == .mutation {
            return GraphQLEndpoint<Context>.methodNotAllowed(allow: "POST")
        }
        let context: Context
        do {
            context = try endpoint.makeContext(request)
        } catch {
            return reply.requestErrors([error])
        }
        let result = endpoint.service.execute(
            prepared, operationName: parameters.operationName, variables: parameters.variables,
            context: context)
        guard result.hasData else { return reply.requestErrors(result.errors) }
        return HTTPResponse(
            status: 200, headers: Self.streamHeaders, body: EventStream.next(result) + EventStream.complete)
    }

    static var streamHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: EventStream.contentType)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Accel-Buffering", value: "no")
        return headers
    }
}

/// Carries a request's context to the poller thread that runs the subscription's
/// executions. The endpoint is generic over its context without requiring `Sendable`
/// (test contexts are plain values); Kitchen's `RequestContext` is itself `Sendable`, and
/// the box is only read after the stream is opened.
private struct ContextBox<Context>: @unchecked Sendable {
    let value: Context
    init(_ value: Context) { self.value = value }
}
