import HTTPServer

/// Who sent a request, as the pipeline's last step (the viewer) needs it: the header
/// fields that carry the credentials (`Authorization`) and a proxy's word on the client
/// (`X-Forwarded-For`), and the address of the connection (for per-address limits; the
/// pipeline puts the client's in its place when a trusted proxy sent it).
///
/// HTTP transports take both from the request; a WebSocket takes the address from its
/// upgrade request and the credentials from its `connection_init` payload, once per
/// socket (`Caller(authorization:remoteAddress:)`).
struct Caller: Sendable {
    /// The header fields the context is made from; only `Authorization` matters to Kitchen.
    var headers: HTTPHeaders
    /// The client's numeric IP address, or an empty string if unknown.
    var remoteAddress: String

    init(headers: HTTPHeaders, remoteAddress: String) {
        self.headers = headers
        self.remoteAddress = remoteAddress
    }

    /// The caller of an HTTP request.
    init(_ request: HTTPRequest) {
        self.init(headers: request.headers, remoteAddress: request.remoteAddress)
    }

    /// A caller named by an `Authorization` value (`Bearer <token>`) alone, as a
    /// WebSocket's `connection_init` payload carries it (nil is anonymous), with the
    /// `X-Forwarded-For` of its upgrade request, if any (`ForwardedAddresses`).
    init(authorization: String?, remoteAddress: String, forwardedFor: String? = nil) {
        var headers = HTTPHeaders()
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        if let forwardedFor { headers.add(name: "X-Forwarded-For", value: forwardedFor) }
        self.init(headers: headers, remoteAddress: remoteAddress)
    }
}
