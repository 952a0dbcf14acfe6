internal import CMicroHTTPD
import Synchronization

/// One upgraded socket: its frames in (read on the loop thread), its queue out (written
/// from any thread), and where it is in its life, open → closing → released.
///
/// Released means handed back to libmicrohttpd, which closes the descriptor; every write
/// checks the phase under the same lock that releases, so nothing is ever written to a
/// descriptor number after it was given back (and perhaps reused).
final class WebSocketSocket: @unchecked Sendable {
    // `@unchecked`: `shared` is behind its mutex; `reading` is touched only by the loop
    // thread (adoption, events, service), which the loop serialises.
    let token: UInt64
    let fd: Int32
    private let handle: UpgradeHandle
    private let limits: WebSocketLimits
    private let loop: WebSocketLoop
    private let shared = Mutex(Shared())
    private var reading: Reading
    // Apart from `reading`, so that the reader can fill the list without two accesses to
    // one property at once.
    private var reader: FrameReader
    private var events: [FrameReader.Event] = []

    enum Phase {
        case open
        /// A Close frame is queued or sent (by us first, or in answer to the client's).
        case closing(Closing)
        case released
    }

    struct Closing {
        /// Dropped then at the latest.
        var deadline: ContinuousClock.Instant
        /// Dropped as soon as the queue is written: the client's Close is in (the
        /// handshake is over) or the stream is broken.
        var releaseWhenFlushed: Bool
    }

    private struct Shared {
        var phase = Phase.open
        var outbound = OutboundQueue()
        /// EPOLLOUT is armed: the loop writes the queue when the socket drains.
        var pollingWrites = false
        /// A write failed: the client is gone.
        var broken = false
        /// What the handler is told when it hears of the close.
        var closeCode = WebSocketCloseCode.abnormalClosure
        var closeReason = ""
    }

    /// The loop thread's own state.
    private struct Reading {
        var handler: (any WebSocketHandler)?
        var notified = false
        /// A broken rule was seen: later bytes are discarded.
        var failed = false
        var lastHeard = ContinuousClock.now
        var lastPinged = ContinuousClock.now
        var controlAllowance: Double
        var allowanceAt = ContinuousClock.now
    }

    init(token: UInt64, fd: Int32, handle: UpgradeHandle, limits: WebSocketLimits, loop: WebSocketLoop) {
        self.token = token
        self.fd = fd
        self.handle = handle
        self.limits = limits
        self.loop = loop
        reader = FrameReader(maxMessageSize: limits.maxMessageSize)
        reading = Reading(controlAllowance: Double(limits.maxControlFramesPerSecond * 2))
    }

    // MARK: Any thread

    var isOpen: Bool {
        shared.withLock { if case .open = $0.phase { true } else { false } }
    }

    func send(_ frame: [UInt8]) -> Bool {
        let (sent, attention): (Bool, Bool) = shared.withLock { shared in
            guard case .open = shared.phase else { return (false, false) }
            if shared.outbound.count > limits.maxQueuedBytes {
                beginClose(&shared, .policyViolation, "the client reads too slowly", releaseWhenFlushed: true)
                return (false, true)
            }
            return (true, enqueue(frame, &shared))
        }
        if attention { loop.needsService(token) }
        return sent
    }

    func close(code: WebSocketCloseCode, reason: String) {
        let attention: Bool = shared.withLock { shared in
            guard case .open = shared.phase else { return false }
            beginClose(&shared, code, reason, releaseWhenFlushed: false)
            return true
        }
        if attention { loop.needsService(token) }
    }

    /// Queues a Close frame and enters `closing`.
    private func beginClose(_ shared: inout Shared, _ code: WebSocketCloseCode, _ reason: String, releaseWhenFlushed: Bool) {
        shared.closeCode = code
        shared.closeReason = reason
        _ = enqueue(ServerFrame.close(code, reason: reason), &shared)
        shared.phase = .closing(Closing(deadline: .now + limits.closeTimeout, releaseWhenFlushed: releaseWhenFlushed))
    }

    /// Queues `frame` and writes what the socket takes now; true when the loop must look
    /// (the write failed).
    private func enqueue(_ frame: [UInt8], _ shared: inout Shared) -> Bool {
        shared.outbound.append(frame)
        guard !shared.pollingWrites else { return false }
        switch shared.outbound.write(to: fd) {
        case .drained: return false
        case .blocked:
            shared.pollingWrites = true
            loop.watchWrites(of: self, true)
            return false
        case .failed:
            shared.broken = true
            return true
        }
    }

    // MARK: Loop thread

    /// Makes the handler and reads the bytes that came with the handshake.
    func start(upgrade: WebSocketUpgrade, initialBytes: [UInt8]) {
        reading.handler = upgrade.makeHandler(WebSocketConnection(socket: self))
        if !initialBytes.isEmpty {
            initialBytes.withUnsafeBytes { consume($0) }
        }
        service(now: .now)
    }

    /// Handles what epoll reported for this socket.
    func handle(events: UInt32, buffer: UnsafeMutableRawBufferPointer) {
        if events & EpollEvents.writable != 0 { flush() }
        if events & (EpollEvents.readable | EpollEvents.hangUp | EpollEvents.error | EpollEvents.peerShutdown) != 0 {
            read(into: buffer)
        }
        service(now: .now)
    }

    private func read(into buffer: UnsafeMutableRawBufferPointer) {
        // A few reads at most per wake-up, so that one busy client cannot starve the rest
        // (epoll is level-triggered: what is left wakes the loop again).
        for _ in 0..<4 {
            let count = kitchen_read(fd, buffer.baseAddress, buffer.count)
            if count == -Int(EAGAIN) || count == -Int(EWOULDBLOCK) { return }
            if count == -Int(EINTR) { continue }
            guard count > 0 else {
                release()  // end of stream or reset: the client is gone
                return
            }
            reading.lastHeard = .now
            consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            if count < buffer.count { return }
        }
    }

    private func consume(_ bytes: UnsafeRawBufferPointer) {
        guard !reading.failed else { return }
        events.removeAll(keepingCapacity: true)
        var failure: FrameReader.Failure?
        do {
            try reader.consume(bytes, into: &events)
        } catch {
            failure = error
        }
        for event in events { receive(event) }
        if let failure { fail(failure.code, failure.reason) }
    }

    private func receive(_ event: FrameReader.Event) {
        switch event {
        case .message(let message):
            guard isOpen else { return }  // after a Close, data is read and dropped
            reading.handler?.received(message)
        case .ping(let payload):
            guard takeControlAllowance() else { return }
            _ = send(ServerFrame.encode(.pong, payload))
        case .pong:
            _ = takeControlAllowance()
        case .close(let code, let reason):
            peerClosed(code: code, reason: reason)
        }
    }

    /// Counts one control frame against the allowance; past it the client is flooding.
    private func takeControlAllowance() -> Bool {
        let now = ContinuousClock.now
        let rate = Double(limits.maxControlFramesPerSecond)
        let elapsed = now - reading.allowanceAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        reading.allowanceAt = now
        reading.controlAllowance = min(rate * 2, reading.controlAllowance + seconds * rate) - 1
        guard reading.controlAllowance >= 0 else {
            fail(.policyViolation, "too many control frames")
            return false
        }
        return true
    }

    private func peerClosed(code: WebSocketCloseCode?, reason: String) {
        shared.withLock { shared in
            switch shared.phase {
            case .open:
                shared.closeCode = code ?? .noStatusReceived
                shared.closeReason = reason
                let answer = code.map { ServerFrame.close($0, reason: "") } ?? ServerFrame.encode(.close, [])
                _ = enqueue(answer, &shared)
                shared.phase = .closing(Closing(deadline: .now + limits.closeTimeout, releaseWhenFlushed: true))
            case .closing(var closing):
                closing.releaseWhenFlushed = true
                shared.phase = .closing(closing)
            case .released:
                break
            }
        }
    }

    /// A broken rule: close with its code, read nothing more, drop once the Close is out.
    private func fail(_ code: WebSocketCloseCode, _ reason: String) {
        reading.failed = true
        shared.withLock { shared in
            switch shared.phase {
            case .open: beginClose(&shared, code, reason, releaseWhenFlushed: true)
            case .closing(var closing):
                closing.releaseWhenFlushed = true
                shared.phase = .closing(closing)
            case .released: break
            }
        }
    }

    private func flush() {
        shared.withLock { shared in
            guard shared.pollingWrites else { return }
            switch shared.outbound.write(to: fd) {
            case .drained:
                shared.pollingWrites = false
                loop.watchWrites(of: self, false)
            case .blocked: break
            case .failed: shared.broken = true
            }
        }
    }

    /// Tells the handler of a close, drops the socket when its time has come, and keeps
    /// a quiet connection alive (or closes it, silent too long). Called after every
    /// event, when asked (`needsService`), and on the loop's regular tick.
    func service(now: ContinuousClock.Instant) {
        enum Next { case nothing, ping, idle, release }
        let (next, closeNotice): (Next, (WebSocketCloseCode, String)?) = shared.withLock { shared in
            switch shared.phase {
            case .released:
                return (.nothing, nil)
            case .closing(let closing):
                let notice = reading.notified ? nil : (shared.closeCode, shared.closeReason)
                let done = shared.broken || now >= closing.deadline
                    || (closing.releaseWhenFlushed && shared.outbound.isEmpty)
                return (done ? .release : .nothing, notice)
            case .open:
                if shared.broken { return (.release, nil) }
                if now - reading.lastHeard >= limits.idleTimeout { return (.idle, nil) }
                if now - reading.lastHeard >= limits.keepAliveInterval,
                    now - reading.lastPinged >= limits.keepAliveInterval
                {
                    return (.ping, nil)
                }
                return (.nothing, nil)
            }
        }
        if let (code, reason) = closeNotice { notifyClosed(code, reason) }
        switch next {
        case .nothing: break
        case .ping:
            reading.lastPinged = now
            _ = send(ServerFrame.encode(.ping, []))
        case .idle:
            close(code: .goingAway, reason: "idle timeout")
            service(now: now)
        case .release:
            release()
        }
    }

    /// Hands the socket back to libmicrohttpd (which closes it) and forgets it.
    func release() {
        let (wasReleased, code, reason): (Bool, WebSocketCloseCode, String) = shared.withLock { shared in
            if case .released = shared.phase { return (true, shared.closeCode, shared.closeReason) }
            shared.phase = .released
            shared.outbound.removeAll()
            return (false, shared.closeCode, shared.closeReason)
        }
        guard !wasReleased else { return }
        loop.forget(self)
        handle.close()
        notifyClosed(code, reason)
    }

    private func notifyClosed(_ code: WebSocketCloseCode, _ reason: String) {
        guard !reading.notified else { return }
        reading.notified = true
        let handler = reading.handler
        reading.handler = nil
        handler?.closed(code: code, reason: reason)
    }
}

/// libmicrohttpd's handle for an upgraded connection, through which the socket is
/// closed exactly once.
struct UpgradeHandle: @unchecked Sendable {
    // Used once, by `release` on the loop thread (or at once when adoption fails).
    let pointer: OpaquePointer

    func close() {
        _ = kitchen_mhd_upgrade_close(pointer)
    }
}

/// The epoll event bits (Linux's values; `struct epoll_event` stays in the shim).
enum EpollEvents {
    static let readable: UInt32 = 0x001
    static let writable: UInt32 = 0x004
    static let error: UInt32 = 0x008
    static let hangUp: UInt32 = 0x010
    static let peerShutdown: UInt32 = 0x2000
}
