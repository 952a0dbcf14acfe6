/// Turns one complete request into one response.
///
/// Called synchronously on a libmicrohttpd pool thread (one per core), so it may block
/// on SQLite but should not wait on other requests; many calls run at once.
public protocol HTTPHandler: Sendable {
    /// Answers `request`; must not trap on any input.
    func handle(_ request: HTTPRequest) -> HTTPResponse
}

/// An `HTTPHandler` made from a closure, for tests and small tools.
public struct ClosureHTTPHandler: HTTPHandler {
    private let body: @Sendable (HTTPRequest) -> HTTPResponse

    /// Wraps `body` as a handler.
    public init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.body = body
    }

    /// Calls the closure.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        body(request)
    }
}
