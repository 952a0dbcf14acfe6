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
            return daemon.acceptor.port
        }
    }

    /// The bound port while running, else nil.
    public var port: UInt16? {
        lifecycle.withLock { lifecycle in
            if case .running(let daemon) = lifecycle { return daemon.acceptor.port }
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

    /// How many connections each pool thread holds, as new connections are placed by: a
    /// close counts here once libmicrohttpd reports it, which can be a moment after
    /// `openConnections` has dropped.
    public var connectionsPerThread: [Int] { context.spread.loads }

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
        daemon.acceptor.stop()
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
        context.hangups.stop()
        MHD_stop_daemon(daemon.pointer)
        daemon.retainedContext.release()
    }

    private func startDaemon() throws -> Daemon {
        let options = try MHDOptions(configuration)
        let acceptor = try Acceptor(host: configuration.host, port: configuration.port)
        let retained = Unmanaged.passRetained(context)
        var previousMask = sigset_t()
        kitchen_block_termination_signals(true, &previousMask)
        defer { kitchen_restore_signal_mask(&previousMask) }
        let pointer = options.items.withUnsafeBufferPointer { items in
            kitchen_mhd_start(
                options.flags, accessHandler, requestCompleted, uriLogger, connectionNotified,
                retained.toOpaque(), items.baseAddress)
        }
        guard let pointer else {
            acceptor.stop()
            retained.release()
            throw HTTPServerError.startFailed(
                host: configuration.host, port: acceptor.port, reason: "libmicrohttpd refused the options")
        }
        do {
            try acceptor.start(handingTo: pointer, spread: context.spread)
        } catch {
            acceptor.stop()
            MHD_stop_daemon(pointer)
            retained.release()
            throw error
        }
        return Daemon(
            pointer: pointer, acceptor: acceptor, retainedContext: retained,
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
    /// Listens (its `port` is the bound one), accepts the connections and hands them to
    /// the daemon's threads.
    let acceptor: Acceptor
    let retainedContext: Unmanaged<ServerContext>
    /// Cuts off connections that trickle their requests (see `ConnectionDeadlines`).
    let deadlineSweeper: DispatchSourceTimer?
}
