import HTTPServer

extension TransportWS {
    /// 4400: a message of a type or form the protocol does not have.
    static let badMessage = WebSocketCloseCode(rawValue: 4400)
    /// 4401: `subscribe` before the server acknowledged the connection.
    static let unauthorized = WebSocketCloseCode(rawValue: 4401)
    /// 4403: the token the socket signed in with was signed out or revoked.
    static let forbidden = WebSocketCloseCode(rawValue: 4403)
    /// 4406: the client did not offer `graphql-transport-ws`.
    static let subprotocolNotAcceptable = WebSocketCloseCode(rawValue: 4406)
    /// 4408: no `connection_init` within the allowed time.
    static let initTimeout = WebSocketCloseCode(rawValue: 4408)
    /// 4409: `subscribe` with the id of an operation still running.
    static let subscriberExists = WebSocketCloseCode(rawValue: 4409)
    /// 4429: a second `connection_init`.
    static let tooManyInits = WebSocketCloseCode(rawValue: 4429)
    /// 4499: the client's own code for a socket it terminated; the server never sends it.
    static let terminated = WebSocketCloseCode(rawValue: 4499)
    /// 4500: the server could not name the viewer (its token store failed).
    static let internalError = WebSocketCloseCode(rawValue: 4500)
    /// 1013 (RFC 6455's "Try Again Later"): the viewer could not be named because the
    /// database does not answer; the client may connect again shortly.
    static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)
}
