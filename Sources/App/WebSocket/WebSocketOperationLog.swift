import GraphQL

/// The log line and the metrics of each operation a socket runs, as the router writes them
/// for each HTTP request, so that an operator sees WebSocket traffic beside the rest: its
/// own request id, method `WS`, the operation's name, the status the same operation gets
/// over POST with `application/graphql-response+json` (200 once it ran, 400 when refused,
/// 429 over the stream limits), the time it took and its error codes.
///
/// A query or mutation is written when its answer is sent; a subscription when its stream
/// opens (its events are not requests), as a server-sent-events request is.
struct WebSocketOperationLog: Sendable {
    let developer: DeveloperRoutes
    let log: RequestLog

    /// A new operation's request id, which its internal errors name too.
    func nextID() -> String { developer.ids.next() }

    func record(id: String, operationName: String?, status: Int, since started: ContinuousClock.Instant, errors: [GraphQLError]) {
        var codes: [String] = []
        for error in errors {
            let code = error.code ?? "UNKNOWN"
            if !codes.contains(code) { codes.append(code) }
        }
        let duration = ContinuousClock.now - started
        developer.metrics.recordGraphQL(operation: operationName, status: status, duration: duration, errorCodes: codes)
        log.request(
            RequestRecord(
                id: id, method: "WS", path: "/graphql", operationName: operationName, status: status,
                duration: duration, errorCodes: codes))
    }
}
