import GraphQL

/// Where one subscription's events go: a transport's open stream — a server-sent-events
/// or multipart response, or one operation on a WebSocket.
///
/// The hub calls it from its own threads (the event poller, the keep-alive timer); a sink
/// writes in its transport's format and never blocks on the client.
protocol SubscriptionSink: AnyObject, Sendable {
    /// Sends the result of one event (a `next`).
    func send(_ result: ExecutionResult)
    /// Sends the transport's keep-alive: an SSE comment, a multipart `{}` heartbeat part
    /// (a WebSocket may send nothing here and ping on its own clock).
    func sendKeepAlive()
    /// Ends the stream from the server's side, in the transport's way of saying `reason`;
    /// the sink reports itself closed (`onClose`) once the stream is gone.
    func end(_ reason: StreamEnd)
    /// Runs `handler` once when the stream has closed for any reason (the client went
    /// away, or it was ended); at once if it already has. The hub frees the slot then.
    func onClose(_ handler: @escaping @Sendable () -> Void)
    /// Whether the stream has closed.
    var isClosed: Bool { get }
}

/// Why the server ends a stream.
enum StreamEnd: Sendable, Equatable {
    /// The token that opened it was signed out or revoked (in any Kitchen process on the
    /// database): SSE sends `complete`, a multipart response a final error part, a
    /// WebSocket closes with 4403.
    case revoked
    /// The server is stopping.
    case serverStopping

    /// The error a transport that can say why shows for a revoked token.
    static var revokedError: GraphQLError {
        GraphQLError(
            "The token this subscription was opened with was signed out or revoked; sign in again.",
            code: .unauthenticated)
    }
}
