import Foundation
import GraphQL
import HTTPServer
import Synchronization

/// One `graphql-transport-ws` socket: carries out what its `TransportWSSession` decides,
/// and hands every operation to the `RequestPipeline` as a `.webSocket` request, with the
/// caller its `connection_init` named.
///
/// Messages arrive on the server's WebSocket loop; everything that may read the database
/// (naming the viewer, preparing and running an operation) goes to `OperationWorkers`, in
/// the socket's own lane: one at a time, in the order the client sent them.
/// Results are sent from wherever they are ready: a worker, the hub's poller, the flush
/// that makes a mutation durable.
final class GraphQLWebSocket<Context: Sendable>: WebSocketHandler {
    private let connection: WebSocketConnection
    private let pipeline: RequestPipeline<Context>
    private let support: WebSocketSupport<Context>
    private let remoteAddress: String
    /// The upgrade request's `X-Forwarded-For`, for the pipeline to judge.
    private let forwardedFor: String?
    /// Where this socket's jobs run, one at a time.
    private let lane: OperationWorkers.Lane
    private let state = Mutex(State())

    private struct State {
        var session = TransportWSSession()
        /// Set once the viewer is named (before `connection_ack`).
        var caller: Caller?
        /// The operations started and not over, by id.
        var operations: [String: Operation] = [:]
        var lastTicket = 0
        /// The watch on the socket's token, ended when the socket closes.
        var revocationWatch: (digest: [UInt8], key: UInt64)?
    }

    private enum Operation {
        /// Being prepared or run; the ticket tells this run from a later one under a reused id.
        case running(ticket: Int)
        case streaming(WebSocketOperationSink)
    }

    init(
        connection: WebSocketConnection, pipeline: RequestPipeline<Context>, support: WebSocketSupport<Context>,
        remoteAddress: String, forwardedFor: String?
    ) {
        self.connection = connection
        self.pipeline = pipeline
        self.support = support
        self.remoteAddress = remoteAddress
        self.forwardedFor = forwardedFor
        lane = OperationWorkers.Lane(support.workers)
        DispatchQueue.global().asyncAfter(deadline: .now() + support.initTimeout.dispatchInterval) { [weak self] in
            self?.apply { $0.initDeadlinePassed() }
        }
    }

    func received(_ message: WebSocketMessage) {
        apply { $0.receive(message) }
    }

    func closed(code: WebSocketCloseCode, reason: String) {
        apply { $0.socketClosed() }
        let watch = state.withLock { state in
            defer { state.revocationWatch = nil }
            return state.revocationWatch
        }
        if let watch { pipeline.subscriptions?.hub.revocationWatchers.unwatch(watch.digest, key: watch.key) }
    }

    /// Takes one step of the session under the lock, then carries out its outputs.
    private func apply(_ step: (inout TransportWSSession) -> [TransportWSSession.Output]) {
        let outputs = state.withLock { step(&$0.session) }
        for output in outputs { perform(output) }
    }

    private func perform(_ output: TransportWSSession.Output) {
        switch output {
        case .send(let message):
            connection.send(utf8: message.bytes)
        case .close(let code, let reason):
            connection.close(code: code, reason: reason)
        case .authenticate(let authorization):
            lane.submit { self.authenticate(authorization) }
        case .start(let id, let request):
            let ticket: Int = state.withLock { state in
                state.lastTicket += 1
                state.operations[id] = .running(ticket: state.lastTicket)
                return state.lastTicket
            }
            lane.submit { self.run(id, request, ticket: ticket) }
        case .cancel(let id):
            let operation = state.withLock { $0.operations.removeValue(forKey: id) }
            if case .streaming(let sink)? = operation { sink.finish() }
        }
    }

    // MARK: On a worker

    /// Names the viewer once for the socket, watches its token, then acknowledges.
    private func authenticate(_ authorization: String?) {
        let caller = pipeline.forwardedAddresses.resolve(
            Caller(authorization: authorization, remoteAddress: remoteAddress, forwardedFor: forwardedFor))
        let context: Context
        do {
            context = try pipeline.makeContext(caller)
        } catch where error.code == ErrorCode.unavailable.rawValue {
            apply { $0.closeForServer(TransportWS.tryAgainLater, "The database does not answer; try again shortly") }
            return
        } catch {
            apply { $0.closeForServer(TransportWS.internalError, "Internal server error") }
            return
        }
        if let digest = support.tokenDigest(context), let hub = pipeline.subscriptions?.hub {
            guard let key = hub.watchRevocation(of: digest, { [weak self] in self?.revoked() }) else {
                revoked()
                return
            }
            let closedMeanwhile: Bool = state.withLock { state in
                state.revocationWatch = (digest, key)
                return state.session.phase == .closed
            }
            if closedMeanwhile { hub.revocationWatchers.unwatch(digest, key: key) }
        }
        state.withLock { $0.caller = caller }
        apply { $0.authenticated() }
    }

    private func revoked() {
        apply { $0.closeForServer(TransportWS.forbidden, "Forbidden: the token was signed out or revoked") }
    }

    /// Judges the operation in the pipeline, then runs it or opens its stream.
    private func run(_ id: String, _ request: GraphQLRequest, ticket: Int) {
        // Nothing runs, not even a mutation, once the client completed it or the socket went.
        let caller: Caller? = state.withLock { state in
            guard case .running(ticket)? = state.operations[id] else { return nil }
            return state.caller
        }
        guard let caller else { return }
        let started = ContinuousClock.now
        let requestID = support.operationLog?.nextID() ?? RequestID.make()
        let logged: @Sendable (String?, Int, [GraphQLError]) -> Void = { [support] name, status, errors in
            support.operationLog?.record(id: requestID, operationName: name, status: status, since: started, errors: errors)
        }
        let operation: ReadyOperation<Context>
        let incoming = IncomingRequest(parameters: request, transport: .webSocket, caller: caller)
        switch RequestID.$current.withValue(requestID, operation: { pipeline.prepare(incoming) }) {
        case .failure(let refusal):
            finish(id, ticket: ticket, with: [.error(id: id, refusal.errors)])
            logged(request.operationName, refusal.status(for: .graphQLResponse), refusal.errors)
            return
        case .success(let ready):
            operation = ready
        }
        guard operation.isSubscription else {
            let executed = RequestID.$current.withValue(requestID) { pipeline.execute(operation) }
            pipeline.whenDeliverable(executed) { [weak self, pipeline] result, _ in
                // A database that did not answer is the refusal a POST would get (503).
                if let outage = pipeline.outage(in: result) {
                    self?.finish(id, ticket: ticket, with: [.error(id: id, outage.errors)])
                    logged(operation.loggedOperationName, outage.status(for: .graphQLResponse), outage.errors)
                    return
                }
                self?.finish(
                    id, ticket: ticket,
                    with: result.hasData ? [.next(id: id, result), .complete(id: id)] : [.error(id: id, result.errors)])
                logged(operation.loggedOperationName, 200, result.errors)
            }
            return
        }
        let sink = WebSocketOperationSink(id: id, connection: connection) { [weak self] reason in
            self?.streamEnded(reason)
        }
        let claimed: Bool = state.withLock { state in
            guard case .running(ticket)? = state.operations[id], state.session.isActive(id) else { return false }
            state.operations[id] = .streaming(sink)
            return true
        }
        guard claimed else { return }
        guard let refusal = RequestID.$current.withValue(requestID, operation: { pipeline.subscribe(operation, sink: sink) })
        else {
            logged(operation.loggedOperationName, 200, [])
            return
        }
        logged(operation.loggedOperationName, refusal.status(for: .graphQLResponse), refusal.errors)
        let stillOurs: Bool = state.withLock { state in
            guard case .streaming(let current)? = state.operations[id], current === sink else { return false }
            state.operations[id] = nil
            return state.session.finished(id)
        }
        sink.finish()
        if stillOurs { connection.send(utf8: TransportWS.ServerMessage.error(id: id, refusal.errors).bytes) }
    }

    /// Sends an operation's last messages, unless the client completed it meanwhile.
    private func finish(_ id: String, ticket: Int, with messages: [TransportWS.ServerMessage]) {
        let deliver: Bool = state.withLock { state in
            guard case .running(ticket)? = state.operations[id] else { return false }
            state.operations[id] = nil
            return state.session.finished(id)
        }
        guard deliver else { return }
        for message in messages { connection.send(utf8: message.bytes) }
    }

    /// The hub ended a stream: its token was revoked (4403), or the server is stopping.
    private func streamEnded(_ reason: StreamEnd) {
        switch reason {
        case .revoked: revoked()
        case .serverStopping: apply { $0.closeForServer(.goingAway, "the server is stopping") }
        }
    }
}

/// A socket whose client did not offer `graphql-transport-ws`: closed at once with 4406.
final class SubprotocolRefusal: WebSocketHandler {
    init(_ connection: WebSocketConnection) {
        connection.close(code: TransportWS.subprotocolNotAcceptable, reason: "Subprotocol not acceptable")
    }

    func received(_ message: WebSocketMessage) {}
    func closed(code: WebSocketCloseCode, reason: String) {}
}
