internal import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands each complete request to an
/// `HTTPHandler` on a pool thread.
///
/// libmicrohttpd does the protocol (keep-alive, chunked bodies, pipelining, limits);
/// this type owns its lifetime: `start()` listens, `stop()` drains and closes.
public final class HTTPServer: Sendable {
    /// The limits and address this server was created with.
    public let configuration: ServerConfiguration
    private let context: ServerContext
    private let lifecycle = Mutex<Lifecycle>(.created)

    /// Creates a server; nothing listens until `start()`.
    public init(handler: some HTTPHandler, configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
        self.context = ServerContext(handler: handler, configuration: configuration)
    }

    deinit {
        stop()
    }

    /// Starts listening and returns the bound port (the system's choice when the
    /// configured port is 0). Pool threads are started with SIGINT and SIGTERM
    /// blocked, so that `waitForTerminationSignal()` receives them.
    @discardableResult
    public func start() throws -> UInt16 {
        try lifecycle.withLock { lifecycle in
            guard case .created = lifecycle else { throw HTTPServerError.alreadyStarted }
            let daemon = try startDaemon()
            lifecycle = .running(daemon)
            return daemon.port
        }
    }

    /// The bound port while running, else nil.
    public var port: UInt16? {
        lifecycle.withLock { lifecycle in
            if case .running(let daemon) = lifecycle { return daemon.port }
            return nil
        }
    }

    /// The connections open now (0 when not running), for metrics.
    public var openConnections: Int {
        lifecycle.withLock { lifecycle in
            if case .running(let daemon) = lifecycle {
                return Int(kitchen_mhd_current_connections(daemon.pointer))
            }
            return 0
        }
    }

    /// Stops accepting connections, waits up to `shutdownGracePeriod` for requests in
    /// flight to be answered, then closes every connection and joins the pool threads.
    /// Safe to call more than once and from any thread but a handler's.
    public func stop() {
        let daemon: Daemon? = lifecycle.withLock { lifecycle in
            guard case .running(let daemon) = lifecycle else { return nil }
            lifecycle = .stopped
            return daemon
        }
        guard let daemon else { return }
        // Quiescing hands the listening socket back while the pool threads still have to take
        // it out of their epoll sets: closing it now makes that fail and libmicrohttpd abort.
        // Shutting it down refuses new connections at once; it is closed after the stop.
        let listener = MHD_quiesce_daemon(daemon.pointer)
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
        // An open event stream never completes by itself; end each one so that its
        // connection is resumed, drained and closed before the daemon stops.
        context.openStreams.finishAll()
        // Requests already waiting for a pending answer stay parked (and are waited for);
        // later ones wait on their pool threads, which the stop joins.
        context.waitingResponses.stopParking()
        let deadline = DispatchTime.now() + configuration.shutdownGracePeriod.dispatchInterval
        if context.requestsInFlight.wait(timeout: deadline) == .timedOut, context.waitingResponses.abandonAll() {
            // The abandoned responses' connections resume on their pool threads; a
            // connection still suspended would stop the process in MHD_stop_daemon.
            _ = context.requestsInFlight.wait(timeout: .now() + .seconds(2))
        }
        daemon.deadlineSweeper?.cancel()
        MHD_stop_daemon(daemon.pointer)
        if listener >= 0 { close(listener) }
        daemon.retainedContext.release()
    }

    private func startDaemon() throws -> Daemon {
        let options = try MHDOptions(configuration)
        let retained = Unmanaged.passRetained(context)
        var previousMask = sigset_t()
        kitchen_block_termination_signals(true, &previousMask)
        errno = 0
        let pointer = options.items.withUnsafeBufferPointer { items in
            kitchen_mhd_start(
                options.flags, configuration.host, configuration.port, accessHandler,
                requestCompleted, uriLogger, connectionNotified, retained.toOpaque(), items.baseAddress)
        }
        let startErrno = errno
        kitchen_restore_signal_mask(&previousMask)
        guard let pointer else {
            retained.release()
            if startErrno == EINVAL { throw HTTPServerError.invalidHost(configuration.host) }
            let reason = startErrno == 0 ? "libmicrohttpd refused the options" : String(cString: strerror(startErrno))
            throw HTTPServerError.startFailed(host: configuration.host, port: configuration.port, reason: reason)
        }
        return Daemon(
            pointer: pointer, port: kitchen_mhd_bound_port(pointer), retainedContext: retained,
            deadlineSweeper: context.deadlines?.startSweeping())
    }
}

/// Where a server is in its one-way life: created → running → stopped.
private enum Lifecycle: Sendable {
    case created
    case running(Daemon)
    case stopped
}

/// A running daemon and the context reference it holds.
private struct Daemon: @unchecked Sendable {
    // The MHD_Daemon pointer is used only by start and stop, which the lifecycle
    // mutex serialises; libmicrohttpd's own threads never see this struct.
    let pointer: OpaquePointer
    let port: UInt16
    let retainedContext: Unmanaged<ServerContext>
    /// Cuts off connections that trickle their requests (see `ConnectionDeadlines`).
    let deadlineSweeper: DispatchSourceTimer?
}
