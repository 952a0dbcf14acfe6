internal import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// The one thread that serves every WebSocket of a server: epoll over all their sockets,
/// reading frames, writing what their queues hold when the sockets drain, and a tick
/// four times a second for keep-alives and timeouts.
///
/// One thread, not one per socket: an idle WebSocket costs its socket, a small object and
/// an epoll entry, so a thousand idle apps cost a few megabytes. Handlers are called here,
/// so they hand slow work elsewhere (see `WebSocketHandler`).
final class WebSocketLoop: Sendable {
    let limits: WebSocketLimits
    private let epoll: Int32
    /// An eventfd in the epoll set (token 0), written to wake the loop.
    private let wake: Int32
    private let registry = Mutex(Registry())
    private let nextToken = Atomic<UInt64>(1)
    private let finished = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    private struct Registry {
        var sockets: [UInt64: WebSocketSocket] = [:]
        /// Upgraded on a pool thread, to be started on the loop thread.
        var adopted: [(WebSocketSocket, WebSocketUpgrade, [UInt8])] = []
        /// Sockets that asked for `service` from another thread.
        var attention: [UInt64] = []
        /// No more sockets are taken (the server is stopping).
        var refusing = false
        /// The loop is to drop every socket left and end.
        var ending = false
    }

    init(limits: WebSocketLimits) {
        self.limits = limits
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        if epoll >= 0, wake >= 0 {
            _ = kitchen_epoll_control(epoll, EPOLL_CTL_ADD, wake, EpollEvents.readable, 0)
        }
    }

    deinit {
        if epoll >= 0 { Glibc.close(epoll) }
        if wake >= 0 { Glibc.close(wake) }
    }

    /// Starts the loop's thread.
    func start() throws(HTTPServerError) {
        guard epoll >= 0, wake >= 0 else {
            throw .startFailed(host: "", port: 0, reason: "no epoll instance for WebSockets: \(String(cString: strerror(errno)))")
        }
        guard !started.exchange(true, ordering: .relaxed) else { return }
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(self)
        let created = pthread_create(&thread, nil, { argument in
            let loop = Unmanaged<WebSocketLoop>.fromOpaque(argument!).takeRetainedValue()
            loop.run()
            return nil
        }, retained.toOpaque())
        guard created == 0 else {
            retained.release()
            started.store(false, ordering: .relaxed)
            throw .startFailed(host: "", port: 0, reason: "no thread for WebSockets: \(String(cString: strerror(created)))")
        }
        pthread_detach(thread)
    }

    /// The WebSockets open now.
    var openCount: Int { registry.withLock { $0.sockets.count + $0.adopted.count } }

    /// Takes an upgraded socket from libmicrohttpd; false when the loop takes no more (the
    /// caller then gives the socket back).
    func adopt(fd: Int32, handle: UpgradeHandle, initialBytes: [UInt8], upgrade: WebSocketUpgrade) -> Bool {
        guard started.load(ordering: .relaxed), kitchen_prepare_upgraded_socket(fd) else { return false }
        let token = nextToken.add(1, ordering: .relaxed).newValue
        let socket = WebSocketSocket(token: token, fd: fd, handle: handle, limits: limits, loop: self)
        let taken: Bool = registry.withLock { registry in
            guard !registry.refusing else { return false }
            registry.adopted.append((socket, upgrade, initialBytes))
            return true
        }
        guard taken else {
            // Upgraded while the server stops: the client still learns why, as the sockets
            // the stop found did (a few bytes, which a fresh socket's buffer takes at once).
            let frame = ServerFrame.close(.goingAway, reason: "the server is stopping")
            _ = frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return false
        }
        // Watched only after it is listed: the loop takes the list before it reads events.
        _ = kitchen_epoll_control(epoll, EPOLL_CTL_ADD, fd, Self.readEvents, token)
        signal()
        return true
    }

    /// Asks the loop to look at the socket soon (from any thread).
    func needsService(_ token: UInt64) {
        registry.withLock { $0.attention.append(token) }
        signal()
    }

    /// Arms or disarms EPOLLOUT for the socket (under its lock, from any thread).
    func watchWrites(of socket: WebSocketSocket, _ on: Bool) {
        let events = Self.readEvents | (on ? EpollEvents.writable : 0)
        _ = kitchen_epoll_control(epoll, EPOLL_CTL_MOD, socket.fd, events, socket.token)
    }

    /// Stops watching a released socket (on the loop thread, before its descriptor goes).
    func forget(_ socket: WebSocketSocket) {
        _ = kitchen_epoll_control(epoll, EPOLL_CTL_DEL, socket.fd, 0, 0)
        _ = registry.withLock { $0.sockets.removeValue(forKey: socket.token) }
    }

    /// Closes every WebSocket with 1001, waits up to `grace` for the clients' answers,
    /// drops what is left and ends the thread. Call once, from any thread but the loop's.
    func stop(grace: Duration) {
        let sockets: [WebSocketSocket] = registry.withLock { registry in
            registry.refusing = true
            return Array(registry.sockets.values) + registry.adopted.map(\.0)
        }
        guard started.load(ordering: .relaxed) else { return }
        for socket in sockets { socket.close(code: .goingAway, reason: "the server is stopping") }
        let deadline = ContinuousClock.now + grace
        while openCount > 0, ContinuousClock.now < deadline { usleep(5_000) }
        registry.withLock { $0.ending = true }
        signal()
        finished.wait()
    }

    private static let readEvents = EpollEvents.readable | EpollEvents.peerShutdown

    private func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(wake, &one, 8)
    }

    private func run() {
        defer { finished.signal() }
        kitchen_name_this_thread("kitchen-websocket")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var tokens = [UInt64](repeating: 0, count: 256)
        var events = [UInt32](repeating: 0, count: 256)
        var lastTick = ContinuousClock.now
        while true {
            let count = Int(kitchen_epoll_wait(epoll, &tokens, &events, 256, 250))
            let (adopted, attention, ending): ([(WebSocketSocket, WebSocketUpgrade, [UInt8])], [UInt64], Bool) =
                registry.withLock { registry in
                    defer {
                        registry.adopted = []
                        registry.attention = []
                    }
                    for (socket, _, _) in registry.adopted { registry.sockets[socket.token] = socket }
                    return (registry.adopted, registry.attention, registry.ending)
                }
            if ending { break }
            for (socket, upgrade, bytes) in adopted { socket.start(upgrade: upgrade, initialBytes: bytes) }
            for index in 0..<max(0, count) {
                if tokens[index] == 0 {
                    var drained: UInt64 = 0
                    _ = Glibc.read(wake, &drained, 8)
                    continue
                }
                socket(tokens[index])?.handle(events: events[index], buffer: buffer)
            }
            let now = ContinuousClock.now
            for token in attention { socket(token)?.service(now: now) }
            if now - lastTick >= .milliseconds(250) {
                lastTick = now
                for socket in registry.withLock({ Array($0.sockets.values) }) { socket.service(now: now) }
            }
        }
        for socket in registry.withLock({ Array($0.sockets.values) + $0.adopted.map(\.0) }) { socket.release() }
    }

    private func socket(_ token: UInt64) -> WebSocketSocket? {
        registry.withLock { $0.sockets[token] }
    }
}
