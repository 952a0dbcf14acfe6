import GraphQL
import HTTPServer
import Synchronization

/// One subscription on a WebSocket, as the hub sees it: each event's result goes out as a
/// `next` message with the operation's id; ending it from the server's side (a revoked
/// token, the server stopping) closes the whole socket, because the protocol ends a
/// connection's authority, not one operation's.
final class WebSocketOperationSink: SubscriptionSink {
    let id: String
    private let connection: WebSocketConnection
    /// Tells the socket's handler that the server ends the stream, and why.
    private let ended: @Sendable (StreamEnd) -> Void
    private let state = Mutex(State())

    private struct State {
        var closed = false
        var closeHandlers: [@Sendable () -> Void] = []
    }

    init(id: String, connection: WebSocketConnection, ended: @escaping @Sendable (StreamEnd) -> Void) {
        self.id = id
        self.connection = connection
        self.ended = ended
    }

    func send(_ result: ExecutionResult) {
        // Under the lock, so that nothing is sent for the id once `finish` has run.
        state.withLock { state in
            guard !state.closed else { return }
            connection.send(utf8: TransportWS.ServerMessage.next(id: id, result).bytes)
        }
    }

    /// Nothing: the socket pings on its own clock (`WebSocketLimits.keepAliveInterval`).
    func sendKeepAlive() {}

    func end(_ reason: StreamEnd) {
        finish()
        ended(reason)
    }

    func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock { state in
            if state.closed { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// The operation is over (the client completed it, or the socket went): nothing more
    /// is sent, and the hub frees its slot.
    func finish() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.closeHandlers = [] }
            return state.closeHandlers
        }
        for handler in handlers { handler() }
    }
}
