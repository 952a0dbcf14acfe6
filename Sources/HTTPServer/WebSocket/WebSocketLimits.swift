/// The bounds every WebSocket connection stays within, so that a hostile, broken or slow
/// client costs a known amount and then is closed.
public struct WebSocketLimits: Sendable {
    /// The largest message (all fragments together) taken from a client; a frame that
    /// would pass it closes the connection with 1009 before its payload is read.
    public var maxMessageSize = 1 << 20
    /// Bytes queued for a client that reads too slowly: once this many wait unsent, the
    /// next message is refused and the connection closed with 1008, so memory stays
    /// bounded however slow the reader.
    public var maxQueuedBytes = 4 << 20
    /// How often a quiet connection gets a Ping frame (the client's Pong keeps it alive).
    public var keepAliveInterval: Duration = .seconds(15)
    /// A connection from which nothing (not even a Pong) has arrived for this long is
    /// closed with 1001: its client is gone without a word (a half-open connection).
    public var idleTimeout: Duration = .seconds(40)
    /// How long a Close frame waits for the client's answer before the socket is dropped.
    public var closeTimeout: Duration = .seconds(3)
    /// Ping and Pong frames a client may send per second, over a burst of twice as many;
    /// a flood past it is closed with 1008 (every Ping costs the server a Pong).
    public var maxControlFramesPerSecond = 20

    /// The defaults above.
    public init() {}
}
