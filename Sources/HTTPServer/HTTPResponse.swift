/// A complete HTTP response: status, header fields and body bytes.
///
/// The body is whole, or — for server-sent events — a `stream` written over time, in
/// which case `body` is ignored and the response is sent with chunked encoding. A
/// `pending` response stands for one the handler completes later.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The header fields to send; libmicrohttpd adds `Date`, `Content-Length` and
    /// `Connection` itself.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]
    /// A body written over time; when set, `body` is ignored.
    public var stream: HTTPStream?
    /// The response to send once it is completed; when set, everything else is ignored.
    public var pending: PendingResponse?
    /// The same body already gzip-compressed, made once by a layer that keeps responses to
    /// send again (Kitchen's response cache), so that the layer that compresses answers
    /// need not do it for every client. Never sent by the server itself.
    public var gzippedBody: [UInt8]?
    /// Set by `WebSocketHandshake.accept` on a `101`: after it is sent, the connection
    /// becomes a WebSocket served by the handler this makes.
    var upgrade: WebSocketUpgrade?

    /// Whether this response switches the connection to WebSocket.
    public var upgradesToWebSocket: Bool { upgrade != nil }

    /// Stands for the response `pending` is completed with, later.
    public init(pending: PendingResponse) {
        self.init()
        self.pending = pending
    }

    /// Creates a response whose body is written later through `stream`.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), stream: HTTPStream) {
        self.init(status: status, headers: headers)
        self.stream = stream
    }

    /// Creates a response from its parts.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a `text/plain; charset=utf-8` response.
    public init(status: Int = 200, text: String) {
        self.init(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Array(text.utf8))
    }

    /// Creates a JSON response from already-encoded bytes, with the given media type
    /// (GraphQL over HTTP uses `application/graphql-response+json`).
    public init(
        status: Int = 200, json: [UInt8], contentType: String = "application/json; charset=utf-8"
    ) {
        self.init(status: status, headers: ["Content-Type": contentType], body: json)
    }
}
