import HTTPServer

/// The flags of `kitchen serve` for open streams — server-sent events, multipart
/// subscriptions and WebSockets — each with its `KITCHEN_…` variable.
enum StreamFlags {
    static let all: [FlagSpec] = {
        let subscriptions = SubscriptionOptions(), webSocket = WebSocketLimits()
        // The idle timeout's default follows --keep-alive: 2 × 15 s + 10 s = `webSocket.idleTimeout`.
        return [
            .option("max-streams", valueName: "N", environment: "KITCHEN_MAX_STREAMS",
                    default: "\(subscriptions.maxStreams)", summary: "Open subscriptions at most, in all."),
            .option("max-streams-per-user", valueName: "N", environment: "KITCHEN_MAX_STREAMS_PER_USER",
                    default: "\(subscriptions.maxStreamsPerUser)",
                    summary: "Open subscriptions at most per signed-in user (anonymous: per address)."),
            .option("keep-alive", valueName: "SECONDS", environment: "KITCHEN_KEEP_ALIVE",
                    default: "\(subscriptions.keepAliveInterval.components.seconds)",
                    summary: "Keep-alive interval of event streams, and of WebSocket pings."),
            .option("websocket-idle-timeout", valueName: "SECONDS", environment: "KITCHEN_WEBSOCKET_IDLE_TIMEOUT",
                    summary: "Close a WebSocket that sent nothing, not even a pong, this long (default: "
                        + "twice --keep-alive and 10 s)."),
            .option("max-websocket-message-bytes", valueName: "N", environment: "KITCHEN_MAX_WEBSOCKET_MESSAGE_BYTES",
                    default: "\(webSocket.maxMessageSize)", summary: "Largest WebSocket message taken (larger: close 1009)."),
        ]
    }()

    /// Sets `options` from the parsed flags; values out of range are `FlagError`s.
    static func apply(_ flags: ParsedFlags, to options: inout ServeOptions) throws(FlagError) {
        if let count = try flags.int("max-streams", in: 1...1_000_000) { options.subscriptions.maxStreams = count }
        if let count = try flags.int("max-streams-per-user", in: 1...100_000) { options.subscriptions.maxStreamsPerUser = count }
        if let seconds = try flags.int("keep-alive", in: 1...3600) {
            options.subscriptions.keepAliveInterval = .seconds(seconds)
            options.server.webSocket.keepAliveInterval = .seconds(seconds)
            options.server.webSocket.idleTimeout = .seconds(2 * seconds + 10)
        }
        if let seconds = try flags.int("websocket-idle-timeout", in: 1...86_400) {
            options.server.webSocket.idleTimeout = .seconds(seconds)
        }
        if let bytes = try flags.int("max-websocket-message-bytes", in: 1024...(1 << 30)) {
            options.server.webSocket.maxMessageSize = bytes
        }
        guard options.server.webSocket.idleTimeout > options.server.webSocket.keepAliveInterval else {
            throw .invalidValue(
                flag: "websocket-idle-timeout", value: "\(options.server.webSocket.idleTimeout.components.seconds)",
                expected: "more seconds than --keep-alive (a quiet client answers a ping only after it)",
                source: flags.source("websocket-idle-timeout"))
        }
    }
}
