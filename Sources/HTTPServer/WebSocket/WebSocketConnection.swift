/// What serves one WebSocket connection: it hears each whole message, and once that the
/// connection is over.
///
/// Called on the server's WebSocket loop thread, one call at a time per connection, in
/// the order the client sent; never after `closed`. The loop serves every socket, so a
/// handler must not block: slow work (running a query) goes to another thread, which
/// answers through the connection.
public protocol WebSocketHandler: Sendable {
    /// A whole message arrived (text is checked UTF-8; frames and fragments are joined).
    func received(_ message: WebSocketMessage)
    /// The connection is closing or gone: `code` is what the client sent (`.noStatusReceived`
    /// for a Close frame without one), what the server sent when it closed first, or
    /// `.abnormalClosure` when the socket dropped without a Close frame. Nothing sent from
    /// now on reaches the client.
    func closed(code: WebSocketCloseCode, reason: String)
}

/// One open WebSocket connection, for sending to its client from any thread.
///
/// A small value around the server's socket; copies name the same connection. Sending
/// never blocks: what the socket cannot take at once is queued, up to
/// `WebSocketLimits.maxQueuedBytes`; past that the client is too slow and is closed.
public struct WebSocketConnection: Sendable {
    let socket: WebSocketSocket

    /// Sends a text message; false (and nothing sent) once the connection is closing or
    /// closed, or when this message found the client too far behind (the connection is
    /// then closed with 1008).
    @discardableResult
    public func send(text: String) -> Bool {
        var text = text
        return text.withUTF8 { socket.send(ServerFrame.encode(.text, UnsafeRawBufferPointer($0))) }
    }

    /// Sends a text message given as UTF-8 bytes (see `send(text:)` on a `String`); the
    /// bytes must be valid UTF-8.
    @discardableResult
    public func send(utf8 bytes: [UInt8]) -> Bool {
        socket.send(ServerFrame.encode(.text, bytes))
    }

    /// Starts the closing handshake with `code` and `reason` (cut to 123 bytes): nothing
    /// more is sent, and the socket is dropped when the client answers or after
    /// `WebSocketLimits.closeTimeout`. The handler's `closed` follows. Later calls change
    /// nothing.
    public func close(code: WebSocketCloseCode, reason: String = "") {
        socket.close(code: code, reason: reason)
    }

    /// Whether messages can still be sent (no Close frame sent or received yet).
    public var isOpen: Bool { socket.isOpen }
}
