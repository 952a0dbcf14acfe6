import HTTPServer

/// The flags every serving command shares, each with its `KITCHEN_…` variable, and
/// their translation into a `ServerConfiguration`.
///
/// Kept in one place so that `serve` and any later command that listens spell the
/// options and their limits the same way.
public enum ServerFlags {
    /// `--host`, `--port`, the pool size and the server's limits.
    public static let all: [FlagSpec] = {
        let defaults = ServerConfiguration()
        return [
            .option("host", valueName: "ADDRESS", environment: "KITCHEN_HOST", default: defaults.host,
                    summary: "Numeric IPv4 or IPv6 address to listen on."),
            .option("port", valueName: "N", environment: "KITCHEN_PORT", default: "\(defaults.port)",
                    summary: "TCP port; 0 picks a free one."),
            .option("threads", valueName: "N", environment: "KITCHEN_THREADS", default: "\(defaults.threadCount)",
                    summary: "Request threads (default: active processors)."),
            .option("max-connections", valueName: "N", environment: "KITCHEN_MAX_CONNECTIONS",
                    default: "\(defaults.maxConnections)", summary: "Open connections at most."),
            .option("max-connections-per-address", valueName: "N", environment: "KITCHEN_MAX_CONNECTIONS_PER_ADDRESS",
                    default: "\(defaults.maxConnectionsPerAddress)", summary: "Open connections at most from one client address."),
            .option("connection-timeout", valueName: "SECONDS", environment: "KITCHEN_CONNECTION_TIMEOUT",
                    default: "\(defaults.connectionTimeout.components.seconds)",
                    summary: "Close a connection idle this long; 0 never."),
            .option("max-body-bytes", valueName: "N", environment: "KITCHEN_MAX_BODY_BYTES",
                    default: "\(defaults.maxBodySize)", summary: "Largest request body; larger gets 413."),
            .option("max-head-bytes", valueName: "N", environment: "KITCHEN_MAX_HEAD_BYTES",
                    default: "\(defaults.connectionMemoryLimit)",
                    summary: "Memory per connection, which bounds a request's line and headers (larger gets 431 or 414)."),
            .option("shutdown-grace", valueName: "SECONDS", environment: "KITCHEN_SHUTDOWN_GRACE",
                    default: "\(defaults.shutdownGracePeriod.components.seconds)",
                    summary: "On SIGINT/SIGTERM, wait this long for requests in flight."),
        ]
    }()

    /// The configuration the parsed flags describe; values out of range are `FlagError`s.
    public static func configuration(from flags: ParsedFlags) throws(FlagError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        if let host = flags.string("host") { configuration.host = host }
        if let port = try flags.int("port", in: 0...65535) { configuration.port = UInt16(port) }
        if let threads = try flags.int("threads", in: 1...1024) { configuration.threadCount = threads }
        if let limit = try flags.int("max-connections", in: 1...1_000_000) { configuration.maxConnections = limit }
        if let limit = try flags.int("max-connections-per-address", in: 0...1_000_000) {
            configuration.maxConnectionsPerAddress = limit
        }
        if let seconds = try flags.int("connection-timeout", in: 0...86_400) {
            configuration.connectionTimeout = .seconds(seconds)
        }
        if let bytes = try flags.int("max-body-bytes", in: 0...(1 << 30)) { configuration.maxBodySize = bytes }
        if let bytes = try flags.int("max-head-bytes", in: 4096...(1 << 20)) {
            configuration.connectionMemoryLimit = bytes
        }
        if let seconds = try flags.int("shutdown-grace", in: 0...3600) {
            configuration.shutdownGracePeriod = .seconds(seconds)
        }
        return configuration
    }
}
