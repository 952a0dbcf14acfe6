internal import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// The listening socket and the thread that accepts its connections and hands them to
/// the daemon.
///
/// libmicrohttpd's pool threads would otherwise each accept from a shared socket, and a
/// burst of connections goes to whichever thread wakes first: 32 connections opened at
/// once were seen split 24/8, 26/6 and 32/0, and the thread holding more of them answers
/// each one less often (Benchmarks/RESULTS.md). Handed over by `MHD_add_connection`, a
/// connection goes to the thread its descriptor number picks; the acceptor gives it a
/// number that picks the thread holding the fewest connections (`ConnectionSpread`).
final class Acceptor: Sendable {
    /// The bound port (the system's choice when 0 was asked for).
    let port: UInt16
    private let host: String
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// Listens on `host`:`port`; throws when the host is not a numeric address or the
    /// socket cannot be bound.
    init(host: String, port: UInt16) throws {
        let listener = kitchen_listen(host, port)
        guard listener >= 0 else {
            let error = errno
            if error == EINVAL { throw HTTPServerError.invalidHost(host) }
            throw HTTPServerError.startFailed(host: host, port: port, reason: String(cString: strerror(error)))
        }
        self.listener = listener
        self.host = host
        self.port = kitchen_socket_port(listener)
    }

    /// Starts the accepting thread, which hands every connection to `daemon` until
    /// `stop()`. The thread inherits the caller's signal mask.
    func start(handingTo daemon: OpaquePointer, spread: ConnectionSpread) throws {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        let job = AcceptJob(listener: listener, daemon: daemon, spread: spread, finished: finished)
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            Unmanaged<AcceptJob>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
        guard created == 0 else {
            Unmanaged.passUnretained(job).release()
            started.store(false, ordering: .relaxed)
            throw HTTPServerError.startFailed(
                host: host, port: port, reason: "no thread to accept connections: \(String(cString: strerror(created)))")
        }
        pthread_detach(thread)
    }

    /// Refuses new connections at once (those not yet accepted are reset), waits for the
    /// accepting thread to end, and closes the socket. Call once.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        if started.load(ordering: .relaxed) { finished.wait() }
        close(listener)
    }
}

/// What the accepting thread needs; it owns one reference until it ends.
private final class AcceptJob: @unchecked Sendable {
    // The daemon pointer outlives the thread: `stop()` waits for it before the daemon stops.
    let listener: Int32
    let daemon: OpaquePointer
    let spread: ConnectionSpread
    let finished: DispatchSemaphore

    init(listener: Int32, daemon: OpaquePointer, spread: ConnectionSpread, finished: DispatchSemaphore) {
        self.listener = listener
        self.daemon = daemon
        self.spread = spread
        self.finished = finished
    }

    func run() {
        defer { finished.signal() }
        kitchen_name_this_thread("kitchen-accept")
        var address = sockaddr_storage()
        var length = socklen_t(0)
        while true {
            let socket = kitchen_accept(listener, &address, &length)
            if socket >= 0 {
                // The thread is chosen now that the connection is here, not before waiting.
                var placed: Int32 = 0
                if kitchen_hand_over(
                    daemon, socket, &address, length, Int32(spread.threads), Int32(spread.leastLoaded()), &placed)
                {
                    spread.opened(on: Int(placed))
                }
                continue
            }
            switch -socket {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors or memory: the connection waits in the backlog while
                // others close.
                usleep(10_000)
            default:
                return  // EINVAL or EBADF: the listener was shut down.
            }
        }
    }
}
