import Foundation

/// The opening handshake of RFC 6455 §4.2, as a server answers it.
///
/// A handler that wants a WebSocket returns `accept(_:subprotocol:handler:)`: either
/// `101 Switching Protocols`, after which the server hands the socket to its WebSocket
/// loop, or the refusal the RFC prescribes for a malformed request.
public enum WebSocketHandshake {
    /// The GUID the RFC appends to the client's key before hashing (§1.3).
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Whether `request` asks to switch to WebSocket (`Upgrade: websocket`, any case).
    public static func isRequested(_ request: HTTPRequest) -> Bool {
        // Nearly every request has no `Upgrade`: the lookup reads the fields in place,
        // where `tokens` copies them all.
        guard request.headers["Upgrade"] != nil else { return false }
        return tokens(request, "Upgrade").contains { $0.lowercased() == "websocket" }
    }

    /// The subprotocols the client offers in `Sec-WebSocket-Protocol`, in its order.
    public static func offeredSubprotocols(_ request: HTTPRequest) -> [String] {
        tokens(request, "Sec-WebSocket-Protocol")
    }

    /// The response to a WebSocket handshake request: `101` naming `subprotocol` (nil
    /// names none, which the client learns from the missing header), whose connection
    /// then gets a handler from `handler`; or `405` for a method other than GET, `426`
    /// with the supported version for another version, `400` for a missing or malformed
    /// `Connection` or `Sec-WebSocket-Key`.
    public static func accept(
        _ request: HTTPRequest, subprotocol: String?,
        handler: @escaping @Sendable (WebSocketConnection) -> any WebSocketHandler
    ) -> HTTPResponse {
        guard request.method == "GET" else {
            var response = HTTPResponse(status: 405, text: "A WebSocket handshake is a GET request.\n")
            response.headers.replaceOrAdd(name: "Allow", value: "GET")
            return response
        }
        guard tokens(request, "Connection").contains(where: { $0.lowercased() == "upgrade" }) else {
            return HTTPResponse(status: 400, text: "A WebSocket handshake needs \"Connection: Upgrade\".\n")
        }
        guard request.headers.values(for: "Sec-WebSocket-Version") == ["13"] else {
            var response = HTTPResponse(status: 426, text: "Kitchen speaks WebSocket version 13 (RFC 6455).\n")
            response.headers.add(name: "Sec-WebSocket-Version", value: "13")
            return response
        }
        let keys = request.headers.values(for: "Sec-WebSocket-Key")
        guard keys.count == 1, let key = keys.first?.trimmingCharacters(in: .whitespaces),
            Data(base64Encoded: key)?.count == 16
        else {
            return HTTPResponse(status: 400, text: "\"Sec-WebSocket-Key\" must be 16 bytes in base64.\n")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Upgrade", value: "websocket")
        headers.add(name: "Connection", value: "Upgrade")
        headers.add(name: "Sec-WebSocket-Accept", value: acceptValue(key: key))
        if let subprotocol { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
        var response = HTTPResponse(status: 101, headers: headers)
        response.upgrade = WebSocketUpgrade(makeHandler: handler)
        return response
    }

    /// `Sec-WebSocket-Accept` for a key: base64 of the SHA-1 of the key and the GUID.
    static func acceptValue(key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The comma-separated tokens of every field called `name`, trimmed, empty ones dropped.
    private static func tokens(_ request: HTTPRequest, _ name: String) -> [String] {
        request.headers.values(for: name).flatMap { value in
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }
}

/// What a `101` response carries to the server: how to make the connection's handler.
struct WebSocketUpgrade: Sendable {
    let makeHandler: @Sendable (WebSocketConnection) -> any WebSocketHandler
}
