import Synchronization

/// How many connections each pool thread holds, so that a new one goes to the thread
/// with the fewest.
///
/// The accepting thread counts a connection when it hands it over (a burst is placed
/// before any thread has seen its connections), and the connection's close is counted
/// back from libmicrohttpd's notification, by its descriptor number, which is what
/// placed it (`kitchen_descriptor_with_remainder`).
final class ConnectionSpread: Sendable {
    /// The pool's threads.
    let threads: Int
    private let counts: Mutex<[Int]>

    init(threads: Int) {
        self.threads = max(1, threads)
        counts = Mutex(Array(repeating: 0, count: max(1, threads)))
    }

    /// The thread holding the fewest connections (the first of equals).
    func leastLoaded() -> Int {
        counts.withLock { counts in
            counts.indices.min { counts[$0] < counts[$1] } ?? 0
        }
    }

    /// How many connections each thread holds now.
    var loads: [Int] { counts.withLock { $0 } }

    /// A connection was handed to `thread`.
    func opened(on thread: Int) {
        counts.withLock { $0[thread % threads] += 1 }
    }

    /// The connection on descriptor `socket` closed.
    func closed(socket: Int32) {
        guard socket >= 0 else { return }
        counts.withLock { counts in
            let thread = Int(socket) % threads
            counts[thread] = max(0, counts[thread] - 1)
        }
    }
}
