/// One complete HTTP request, as the handler sees it: head and whole body.
///
/// A value, so that a handler can be tested without a socket.
public struct HTTPRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The percent-decoded path, without the query string.
    public var path: String
    /// The query string as sent, without the `?` and not decoded; empty if none.
    public var rawQuery: String
    /// The query parameters in order, decoded (`%XX` escapes, and `+` as a space).
    public var queryParameters: [(name: String, value: String)]
    /// The header fields, looked up without regard to case.
    public var headers: HTTPHeaders
    /// The body bytes; never longer than the server's `maxBodySize`.
    public var body: [UInt8]
    /// The client's numeric IP address, or an empty string if unknown.
    public var remoteAddress: String

    /// Creates a request; `target` is the request target as sent, e.g. `/graphql?query=%7Bme%7D`.
    public init(
        method: String, target: String, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], remoteAddress: String = ""
    ) {
        let target = RequestTarget(target)
        self.method = method
        self.path = target.path
        self.rawQuery = target.rawQuery
        self.queryParameters = target.queryParameters
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of the query parameter called `name` (exact case), or nil.
    public func queryParameter(_ name: String) -> String? {
        queryParameters.first { $0.name == name }?.value
    }
}
