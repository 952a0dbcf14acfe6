import GraphQL
import HTTPServer

/// The `graphql-transport-ws` protocol of one socket, as a state machine without I/O:
/// each input (a message, the init deadline, an operation's end, the socket's end) gives
/// the outputs to carry out, so that every rule of the protocol is tested without a socket.
///
/// It decides only what the protocol decides — order, ids, close codes. Whether an
/// operation may run, and as whom, is the request pipeline's (`GraphQLWebSocket` hands
/// every `start` to it).
struct TransportWSSession: Sendable {
    enum Phase: Equatable, Sendable {
        /// Opened; no `connection_init` yet.
        case awaitingInit
        /// `connection_init` received; the viewer is being named.
        case initialising
        /// `connection_ack` sent: operations may run.
        case ready
        /// Closing or closed: nothing more is done.
        case closed
    }

    /// What to do.
    enum Output: Sendable {
        case send(TransportWS.ServerMessage)
        /// Close the socket (the session is closed from now on).
        case close(WebSocketCloseCode, String)
        /// Name the viewer from this `Authorization` value (nil: anonymous), then call
        /// `authenticated()`.
        case authenticate(authorization: String?)
        /// Run the operation through the pipeline; call `finished(_:)` when it is over.
        case start(id: String, request: GraphQLRequest)
        /// The client no longer wants the operation: stop it, send nothing more for it.
        case cancel(id: String)
    }

    private(set) var phase = Phase.awaitingInit
    /// The operations started and not over: their ids may not be used again until then.
    private(set) var active: Set<String> = []

    /// Handles one message from the client.
    mutating func receive(_ message: WebSocketMessage) -> [Output] {
        guard phase != .closed else { return [] }
        guard case .text(let bytes) = message else {
            return close(.unsupportedData, "graphql-transport-ws messages are text")
        }
        let decoded: TransportWS.ClientMessage
        do {
            decoded = try TransportWS.decode(bytes)
        } catch {
            return close(TransportWS.badMessage, error.reason)
        }
        switch decoded {
        case .connectionInit(let payload):
            guard phase == .awaitingInit else { return close(TransportWS.tooManyInits, "Too many initialisation requests") }
            let authorization: String?
            do {
                authorization = try TransportWS.authorization(in: payload)
            } catch {
                return close(TransportWS.badMessage, error.reason)
            }
            phase = .initialising
            return [.authenticate(authorization: authorization)]
        case .ping(let payload):
            return [.send(.pong(payload))]
        case .pong:
            return []
        case .subscribe(let id, let request):
            guard phase == .ready else { return close(TransportWS.unauthorized, "Unauthorized") }
            guard active.insert(id).inserted else {
                return close(TransportWS.subscriberExists, "Subscriber for \(id.prefix(64)) already exists")
            }
            return [.start(id: id, request: request)]
        case .complete(let id):
            // An id unknown or already over is ignored, as the protocol allows.
            guard phase == .ready, active.remove(id) != nil else { return [] }
            return [.cancel(id: id)]
        }
    }

    /// The viewer is named: acknowledge the connection.
    mutating func authenticated() -> [Output] {
        guard phase == .initialising else { return [] }
        phase = .ready
        return [.send(.connectionAck)]
    }

    /// The time for `connection_init` is over: close unless it came.
    mutating func initDeadlinePassed() -> [Output] {
        guard phase == .awaitingInit else { return [] }
        return close(TransportWS.initTimeout, "Connection initialisation timeout")
    }

    /// The server ended the operation `id` (its result, its error, or its stream's end was
    /// sent): the id is free again. Says whether it was still active (false when the
    /// client completed it first, and then nothing more may be sent for it).
    mutating func finished(_ id: String) -> Bool {
        active.remove(id) != nil
    }

    /// Whether `id` is an operation the client still waits on.
    func isActive(_ id: String) -> Bool { active.contains(id) }

    /// The server closes the socket for its own reason (a revoked token, an internal
    /// error): the outputs that do it, and every operation is over.
    mutating func closeForServer(_ code: WebSocketCloseCode, _ reason: String) -> [Output] {
        guard phase != .closed else { return [] }
        return close(code, reason)
    }

    /// The socket is gone: every active operation is cancelled.
    mutating func socketClosed() -> [Output] {
        phase = .closed
        defer { active = [] }
        return active.sorted().map { .cancel(id: $0) }
    }

    private mutating func close(_ code: WebSocketCloseCode, _ reason: String) -> [Output] {
        phase = .closed
        let cancelled = active.sorted().map { Output.cancel(id: $0) }
        active = []
        return cancelled + [.close(code, reason)]
    }
}
