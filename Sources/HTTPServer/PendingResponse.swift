import Dispatch
import Synchronization

/// A response the handler finishes later, from any thread, without holding a pool thread.
///
/// The handler returns `HTTPResponse(pending:)` at once and keeps the `PendingResponse`;
/// the server suspends the connection, so the pool thread goes on serving others. When
/// someone calls `complete`, the connection is resumed and that response is sent, with its
/// own status and `Content-Length`. Header fields set on the placeholder (a request id,
/// say) are sent too, unless the completed response sets the same field. A server
/// answering a write after its commit reaches the disk uses it: many writes can wait for
/// one flush on a two-thread pool.
public final class PendingResponse: Sendable {
    fileprivate struct State {
        var response: HTTPResponse?
        /// The header fields of the `HTTPResponse(pending:)` the handler returned.
        var placeholderHeaders = HTTPHeaders()
        /// The connection is suspended (or about to be) until `complete` resumes it.
        var parked: StreamConnection?
        /// A pool thread waits for the response itself (the server is stopping).
        var waiter: DispatchSemaphore?
        /// Applied to the response on the thread that sends it (`beforeSending`).
        var transform: Transform?
    }

    private let state = Mutex(State())

    /// Creates a response that is not ready yet.
    public init() {}

    /// Sets the response to send and wakes the connection; later calls change nothing.
    /// The response must be whole: a stream, an upgrade or another pending response
    /// becomes a 500.
    public func complete(_ response: HTTPResponse) {
        let ready =
            response.stream == nil && response.pending == nil && response.upgrade == nil
            ? response : HTTPResponse(status: 500, text: "Internal Server Error\n")
        let (parked, waiter): (StreamConnection?, DispatchSemaphore?) = state.withLock { state in
            guard state.response == nil else { return (nil, nil) }
            state.response = ready
            defer { state.parked = nil }
            return (state.parked, state.waiter)
        }
        parked?.resume()
        waiter?.signal()
    }

    /// Has `transform` applied to the completed response — after it has taken the
    /// placeholder's header fields — on the pool thread that sends it, rather than on the
    /// thread that calls `complete`, which may be one that many requests wait on (the
    /// durability flush). Response shaping such as compression goes here; a later call
    /// replaces an earlier one.
    public func beforeSending(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) {
        state.withLock { $0.transform = transform }
    }

    /// Keeps the header fields of the placeholder the handler returned, to send with the
    /// response.
    func adoptHeaders(of placeholder: HTTPResponse) {
        state.withLock { $0.placeholderHeaders = placeholder.headers }
    }

    /// The response if it is ready; otherwise suspends `connection` (from its own access
    /// handler, as libmicrohttpd requires) and returns nil. Under the same lock `complete`
    /// checks, so a resume can never come before its suspend.
    func takeOrPark(_ connection: StreamConnection) -> HTTPResponse? {
        let ready: (HTTPResponse, Transform?)? = state.withLock { state in
            if let sendable = state.sendable { return (sendable, state.transform) }
            state.parked = connection
            connection.suspend()
            return nil
        }
        return ready.map { response, transform in transform?(response) ?? response }
    }

    /// Blocks the calling thread until the response is completed, for at most `timeout`;
    /// nil if it was not. For a stopping server, which must not leave a connection
    /// suspended.
    func wait(timeout: Duration) -> HTTPResponse? {
        let waiter = DispatchSemaphore(value: 0)
        let ready: Bool = state.withLock { state in
            if state.response != nil { return true }
            state.waiter = waiter
            return false
        }
        if !ready { _ = waiter.wait(timeout: .now() + timeout.dispatchInterval) }
        return response
    }

    /// The response as it will be sent (with the placeholder's fields, through the
    /// `beforeSending` transform), once `complete` has set it; nil until then.
    public var response: HTTPResponse? {
        let (response, transform) = state.withLock { ($0.sendable, $0.transform) }
        guard let response else { return nil }
        return transform?(response) ?? response
    }

    fileprivate typealias Transform = @Sendable (HTTPResponse) -> HTTPResponse
}

extension PendingResponse.State {
    /// The completed response with the placeholder's header fields it does not set itself.
    var sendable: HTTPResponse? {
        guard var response else { return nil }
        for field in placeholderHeaders where response.headers[field.name] == nil {
            response.headers.add(name: field.name, value: field.value)
        }
        return response
    }
}
