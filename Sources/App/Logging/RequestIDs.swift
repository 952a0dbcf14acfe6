import Synchronization

/// Makes the id of each request: a random prefix chosen once per server and a counter,
/// as `k7x2qd-00001f`.
///
/// Unique per process and cheap (no system call per request); the prefix tells servers
/// behind one load balancer apart. The id is returned in `X-Request-Id`, written on the
/// request's log line and on any internal-error line, so a client's report finds both.
final class RequestIDs: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var generator = SystemRandomNumberGenerator()
        prefix = String((0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// The next id.
    func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        let digits = String(number, radix: 36)
        return prefix + "-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}

extension RequestID {
    /// The id of the request this thread is answering, bound by the router around routing
    /// so that an internal error's log line carries the id the client sees.
    @TaskLocal static var current: String?
}
