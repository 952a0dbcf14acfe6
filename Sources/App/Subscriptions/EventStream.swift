import GraphQL

/// The wire format of GraphQL over server-sent events ("distinct connections" mode of
/// the GraphQL over SSE protocol): `next` events carrying one execution result each, and
/// one `complete` event at the end.
enum EventStream {
    /// The `Content-Type` of an event stream.
    static let contentType = "text/event-stream; charset=utf-8"

    /// Whether `Accept` asks for an event stream (and prefers it to JSON, or names only it).
    static func isRequested(accept: String?) -> Bool {
        guard let accept else { return false }
        return MediaRange.parseList(accept).contains {
            $0.type == "text" && $0.subtype == "event-stream" && $0.quality > 0
        }
    }

    /// A `next` event with one result as its data.
    static func next(_ result: ExecutionResult) -> [UInt8] {
        Array("event: next\ndata: ".utf8) + result.jsonBytes() + Array("\n\n".utf8)
    }

    /// The `complete` event that ends the stream.
    static let complete: [UInt8] = Array("event: complete\ndata:\n\n".utf8)

    /// A comment line that keeps intermediaries from closing an idle stream.
    static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)
}
