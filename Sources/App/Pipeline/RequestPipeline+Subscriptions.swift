import GraphQL
import HTTPServer

extension RequestPipeline {
    /// Opens the stream of a ready subscription: selects the operation and coerces its
    /// variables, opens its source for the viewer, and registers it on the hub, which then
    /// runs ExecuteSubscriptionEvent for each event and hands each result to `sink`.
    ///
    /// Returns the refusal instead when the stream cannot open: a request error (a bad
    /// argument, UNAUTHENTICATED, a token revoked meanwhile), or `RATE_LIMITED` with
    /// `Retry-After` past the per-user or the total limit of open streams.
    func subscribe(_ operation: ReadyOperation<Context>, sink: any SubscriptionSink) -> Refusal? {
        guard let subscriptions else { return Refusal([GraphQLError(Self.noSubscriptions, code: .badRequest)]) }
        let subscription: PreparedSubscription
        switch service.bound.prepareSubscription(
            operation.prepared, operationName: operation.parameters.operationName,
            variables: operation.parameters.variables)
        {
        case .ready(let ready): subscription = ready
        case .rejected(let errors): return Refusal(errors)
        }
        let source: SubscriptionSource
        do {
            source = try subscriptions.source(subscription, operation.context)
        } catch {
            return .judging([error])
        }
        let service = self.service
        let context = operation.context
        let subscriber = SubscriptionHub.Subscriber(
            topic: source.topic, owner: source.owner ?? "address:\(operation.caller.remoteAddress)",
            tokenDigest: source.tokenDigest, sink: sink,
            resultKey: SubscriptionHub.ResultKey(
                query: operation.query, operationName: operation.parameters.operationName,
                variables: operation.parameters.variables, viewer: source.owner),
            rootValue: { event in
                do {
                    return try source.rootValue(event)
                } catch {
                    _ = service.onInternalError(error, [])
                    return nil
                }
            },
            execute: { root in
                service.bound.executeSubscriptionEvent(
                    subscription, event: root, context: context, onInternalError: service.onInternalError)
            })
        do throws(SubscriptionHub.Refusal) {
            try subscriptions.hub.add(subscriber)
        } catch {
            return Self.refusal(error, retryAfter: subscriptions.hub.limits.retryAfter)
        }
        return nil
    }

    /// The refusal for a stream the hub would not open.
    static func refusal(_ error: SubscriptionHub.Refusal, retryAfter: Duration) -> Refusal {
        let seconds = max(1, retryAfter.wholeSecondsRoundedUp)
        let message: String
        switch error {
        case .revoked: return Refusal([StreamEnd.revokedError])
        case .tooManyForOwner(let limit):
            message = "At most \(limit) subscriptions may be open at once for one user; "
                + "close one, or try again in \(seconds) seconds."
        case .tooManyInTotal:
            message = "The server has too many open subscriptions; try again in \(seconds) seconds."
        }
        return Refusal(
            [GraphQLError(message, code: .rateLimited)], kind: .tooManyStreams,
            headers: ["Retry-After": String(seconds)])
    }

    static var noSubscriptions: String { "This server serves no subscriptions." }
}
