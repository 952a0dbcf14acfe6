/// The status code of a WebSocket Close frame (RFC 6455 §7.4).
///
/// The RFC's own codes are named here; 4000–4999 are for applications (the
/// `graphql-transport-ws` protocol's codes live there), made with `init(rawValue:)`.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    /// Wraps a code as sent or received.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection is fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the server is stopping, or the client went silent (idle timeout).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: a frame broke the protocol (unmasked, reserved bits, bad fragmentation, …).
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of message this endpoint does not take (binary, here).
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: no code was given; never sent, only reported.
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a Close frame; never sent, only reported.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a text message (or a close reason) that is not UTF-8.
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a rule of this server was broken (too many pings, a reader too slow).
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a frame or message larger than the server takes.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met a condition it could not handle.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// Whether a peer may send this code in a Close frame: the RFC's defined codes that are
    /// not reserved for reporting (1000–1003, 1007–1014, counting IANA's later 1012–1014),
    /// and the registered and private ranges 3000–4999.
    public var isValidOnTheWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { String(rawValue) }
}
