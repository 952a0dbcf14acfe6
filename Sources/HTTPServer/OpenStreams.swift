import Synchronization

/// The streams a server has open, so that `stop()` can finish them before it waits for
/// requests in flight (a suspended connection would otherwise never complete).
final class OpenStreams: Sendable {
    private let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])

    func add(_ stream: HTTPStream) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    func remove(_ stream: HTTPStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Finishes every open stream.
    func finishAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }
}

/// The pending responses not yet answered, so that `stop()` can answer the ones still
/// waiting when its grace period ends (libmicrohttpd refuses to stop with a connection
/// suspended).
final class WaitingResponses: Sendable {
    private struct State {
        var parked: [ObjectIdentifier: PendingResponse] = [:]
        var isStopping = false
    }

    private let state = Mutex(State())

    /// Registers `response`, which `abandonAll` then answers if it is still waiting; says
    /// whether its connection may be suspended (not once the server is stopping).
    func add(_ response: PendingResponse) -> Bool {
        state.withLock { state in
            state.parked[ObjectIdentifier(response)] = response
            return !state.isStopping
        }
    }

    func remove(_ response: PendingResponse) {
        _ = state.withLock { $0.parked.removeValue(forKey: ObjectIdentifier(response)) }
    }

    /// From now on no connection is suspended: a request arriving while the server stops
    /// waits for its answer on its pool thread (woken by `abandonAll` at the latest).
    func stopParking() {
        state.withLock { $0.isStopping = true }
    }

    /// Completes every response still waiting with a 503; true when there was one.
    func abandonAll() -> Bool {
        let waiting = state.withLock { Array($0.parked.values) }
        for response in waiting {
            response.complete(HTTPResponse(status: 503, text: "The server is stopping.\n"))
        }
        return !waiting.isEmpty
    }
}
