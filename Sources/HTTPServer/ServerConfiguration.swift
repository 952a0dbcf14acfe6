import Foundation

/// Where the server listens and the limits it enforces; every limit is on by default.
///
/// libmicrohttpd has no connection timeout and no body limit unless asked, so the
/// defaults here are what keep a slow or hostile client from holding resources.
public struct ServerConfiguration: Sendable {
    /// The numeric IPv4 or IPv6 address to listen on.
    public var host: String
    /// The TCP port; 0 asks the system for a free one (`start()` returns it).
    public var port: UInt16
    /// Threads in the pool; each runs handlers synchronously. Default: active processors.
    public var threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Open connections at most; more are refused at accept.
    public var maxConnections: Int = 1024
    /// Open connections at most from one client address.
    public var maxConnectionsPerAddress: Int = 256
    /// An idle connection (keep-alive or stalled mid-request) is closed after this long,
    /// and so is one that has not delivered a whole request this long after it opened or
    /// was last answered (a client trickling bytes). Rounded up to whole seconds for
    /// idleness; zero turns both off.
    public var connectionTimeout: Duration = .seconds(30)
    /// Memory per connection for the request line and headers (and I/O buffers); a
    /// request whose head does not fit gets 431 (headers) or 414 (URL).
    ///
    /// 16 KiB: libmicrohttpd clears this memory on every request, so its size is a cost
    /// paid by each one (64 KiB was a third of a `{ __typename }` request's instructions);
    /// long queries belong in POST bodies, which have their own limit.
    public var connectionMemoryLimit: Int = 16 * 1024
    /// Largest request body accepted; a larger Content-Length gets 413 before the body is
    /// read, and a chunked body that grows past it gets 413 once it ends (what comes past
    /// the limit is read and dropped, never kept). The connection closes after either.
    public var maxBodySize: Int = 1 << 20
    /// Largest `multipart/form-data` body accepted (file uploads), enforced the same way.
    public var maxMultipartBodySize: Int = 1 << 20
    /// How long `stop()` waits for requests in flight before closing connections.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// The bounds of WebSocket connections (message size, queued bytes, keep-alive and
    /// timeouts).
    public var webSocket = WebSocketLimits()

    /// Creates a configuration with every limit at its default.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080) {
        self.host = host
        self.port = port
    }
}

extension Duration {
    /// Whole seconds, rounded up, for C APIs and header fields that take seconds.
    public var wholeSecondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// The same span for Dispatch's deadlines, to the nanosecond (public for the servers
    /// built on this one, whose timers are Dispatch's too).
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
