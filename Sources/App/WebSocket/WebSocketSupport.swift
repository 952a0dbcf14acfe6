import HTTPServer

/// What `/graphql` needs to serve GraphQL over WebSocket (`graphql-transport-ws`): the
/// threads that run its operations, the time a socket has to send `connection_init`, and
/// how to read the token a socket signed in with (for closing it, 4403, when revoked).
struct WebSocketSupport<Context: Sendable>: Sendable {
    let workers: OperationWorkers
    /// How long a new socket may wait before `connection_init` (then 4408).
    var initTimeout: Duration = .seconds(10)
    /// The digest of the bearer token that named a context's viewer; nil when anonymous.
    let tokenDigest: @Sendable (Context) -> [UInt8]?
    /// Where each operation's log line and metrics go; nil writes none.
    var operationLog: WebSocketOperationLog?

    /// Answers a WebSocket handshake on `/graphql`: switched to `graphql-transport-ws` when
    /// the client offers it; otherwise switched without a subprotocol and closed with 4406,
    /// as graphql-ws servers do (a client that offers none learns why from the close).
    func handshake(_ request: HTTPRequest, pipeline: RequestPipeline<Context>) -> HTTPResponse {
        guard WebSocketHandshake.offeredSubprotocols(request).contains(TransportWS.subprotocol) else {
            return WebSocketHandshake.accept(request, subprotocol: nil) { SubprotocolRefusal($0) }
        }
        let remoteAddress = request.remoteAddress
        let forwardedFor = request.headers["X-Forwarded-For"]
        return WebSocketHandshake.accept(request, subprotocol: TransportWS.subprotocol) { connection in
            GraphQLWebSocket(
                connection: connection, pipeline: pipeline, support: self, remoteAddress: remoteAddress,
                forwardedFor: forwardedFor)
        }
    }
}
