internal import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// Cuts off connections that take too long to deliver a request.
///
/// libmicrohttpd's connection timeout counts only silence, so a client that sends one
/// byte a second (slowloris) would hold its connection for ever. Here each connection
/// has a deadline: from the moment it opens, or its last response was sent, the whole of
/// the next request (head and body) must arrive within `limit`. While a handler runs the
/// clock stops. A sweep every quarter second shuts down the socket of any connection past
/// its deadline; libmicrohttpd then sees the close and cleans up as for any other.
final class ConnectionDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        /// When the connection started waiting for a request; nil while one is handled.
        var waitingSince: ContinuousClock.Instant?
    }

    let limit: Duration
    /// Keyed by the `MHD_Connection` pointer's bits. The close notification removes an
    /// entry before libmicrohttpd closes the socket, and the sweep shuts sockets down
    /// under the same lock, so a socket number is never used after it was reused.
    private let entries = Mutex<[UInt: Entry]>([:])

    init(limit: Duration) {
        self.limit = limit
    }

    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, waitingSince: .now) }
    }

    func handling(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.waitingSince = nil }
    }

    func answered(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.waitingSince = .now }
    }

    func closed(_ connection: OpaquePointer) {
        entries.withLock { _ = $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Shuts down every connection past its deadline; returns how many.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now) -> Int {
        entries.withLock { entries in
            var expired = 0
            for (key, entry) in entries {
                guard let since = entry.waitingSince, now - since > limit else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.waitingSince = nil
                expired += 1
            }
            return expired
        }
    }

    /// A timer that sweeps four times a second until cancelled.
    func startSweeping() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "kitchen.http.deadlines"))
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.sweep() }
        timer.resume()
        return timer
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}
