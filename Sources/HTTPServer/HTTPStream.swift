import Synchronization

/// A response body that is written over time, for server-sent events and multipart
/// subscriptions.
///
/// The handler returns it in an `HTTPResponse` at once and keeps it; any thread may then
/// `send` bytes and finally `finish`. While nothing is queued the connection is
/// suspended in libmicrohttpd, so an idle stream holds no pool thread: five open event
/// streams cannot starve a two-thread pool. While suspended, its socket is watched
/// (`HangupWatcher`): a client that goes away closes the stream at once, not at the next
/// write.
public final class HTTPStream: Sendable {
    /// What libmicrohttpd's content reader gets from `read(into:)`.
    enum Chunk: Equatable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing is queued: the connection must be suspended until `send` resumes it.
        case waiting
        /// The stream is finished and drained.
        case end
        /// The client hung up: the connection must be closed.
        case abort
    }

    private struct State {
        var pending: [UInt8] = []
        var finished = false
        var closed = false
        /// The connection is suspended (or about to be) waiting for bytes.
        var parked = false
        /// The client hung up while the connection was suspended.
        var hungUp = false
        var closeHandlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    /// Parks and unparks the connection; set by the server when the response is queued.
    private let connection = Mutex<Attachment?>(nil)

    /// The connection a stream is queued on, and who watches its socket while suspended.
    struct Attachment {
        let connection: StreamConnection
        let socket: Int32
        let hangups: HangupWatcher?
    }

    /// Creates an open, empty stream.
    public init() {}

    /// Queues bytes for the client; returns false (and drops them) once the client has
    /// gone or the stream was finished.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let unpark: Bool = state.withLock { state in
            guard !state.closed, !state.finished, !state.hungUp else { return false }
            state.pending.append(contentsOf: bytes)
            defer { state.parked = false }
            return state.parked
        }
        if unpark { resume() }
        return !isClosed
    }

    /// Ends the stream after what is queued has been sent.
    public func finish() {
        let unpark: Bool = state.withLock { state in
            guard !state.finished else { return false }
            state.finished = true
            defer { state.parked = false }
            return state.parked
        }
        if unpark { resume() }
    }

    /// True once the connection is gone (the client left, or the stream ended and was sent).
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Runs `handler` once when the connection is gone; at once if it already is.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock { state in
            if state.closed { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Connects the stream to the libmicrohttpd connection it is queued on; `hangups`
    /// watches its socket while it is suspended.
    func attach(_ streamConnection: StreamConnection, hangups: HangupWatcher?) {
        let attachment = Attachment(connection: streamConnection, socket: streamConnection.socket, hangups: hangups)
        connection.withLock { $0 = attachment }
    }

    /// The client hung up while the connection was suspended: wakes the connection so
    /// that its next read closes it (`.abort`). Called by the `HangupWatcher`.
    func clientHungUp() {
        let unpark: Bool = state.withLock { state in
            guard !state.closed else { return false }
            state.hungUp = true
            state.pending = []
            defer { state.parked = false }
            return state.parked
        }
        if unpark { resume() }
    }

    /// Copies up to `capacity` queued bytes into `buffer`, or says to wait or to end.
    /// When it says `.waiting` it has already suspended the connection, under the same
    /// lock as `send` checks `parked`, so a resume can never come before its suspend.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Chunk {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(buffer.count, state.pending.count)
                state.pending.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<count]))
                }
                state.pending.removeFirst(count)
                return .bytes(count)
            }
            if state.hungUp { return .abort }
            if state.finished || state.closed { return .end }
            state.parked = true
            connection.withLock { attachment in
                attachment?.connection.suspend()
                if let attachment { attachment.hangups?.watch(attachment.socket, for: self) }
            }
            return .waiting
        }
    }

    /// Marks the stream closed and runs the close handlers; called when libmicrohttpd
    /// frees the response (the connection is gone).
    func close() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            state.pending = []
            defer { state.closeHandlers = [] }
            return state.closeHandlers
        }
        connection.withLock { $0 = nil }
        for handler in handlers { handler() }
    }

    private func resume() {
        connection.withLock { attachment in
            guard let attachment else { return }
            attachment.hangups?.unwatch(attachment.socket)
            attachment.connection.resume()
        }
    }
}
