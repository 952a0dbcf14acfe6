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
