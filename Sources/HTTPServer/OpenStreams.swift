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

/// The pending responses whose connections are suspended, so that `stop()` can answer the
/// ones still waiting when its grace period ends (libmicrohttpd refuses to stop with a
/// connection suspended).
final class ParkedResponses: Sendable {
    private let parked = Mutex<[ObjectIdentifier: PendingResponse]>([:])

    func add(_ response: PendingResponse) {
        parked.withLock { $0[ObjectIdentifier(response)] = response }
    }

    func remove(_ response: PendingResponse) {
        _ = parked.withLock { $0.removeValue(forKey: ObjectIdentifier(response)) }
    }

    /// Completes every response still waiting with a 503; true when there was one.
    func abandonAll() -> Bool {
        let waiting = parked.withLock { Array($0.values) }
        for response in waiting {
            response.complete(HTTPResponse(status: 503, text: "The server is stopping.\n"))
        }
        return !waiting.isEmpty
    }
}
