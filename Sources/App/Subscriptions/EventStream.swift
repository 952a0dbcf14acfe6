import GraphQL

/// The wire format of GraphQL over server-sent events ("distinct connections" mode of
/// the GraphQL over SSE protocol): `next` events carrying one execution result each, and
/// one `complete` event at the end — also when the server ends the stream early (a
/// revoked token, a stop).
enum EventStream {
    /// The `Content-Type` of an event stream.
    static let contentType = "text/event-stream; charset=utf-8"

    /// Whether `Accept` asks for an event stream (and prefers it to JSON, or names only it).
    static func isRequested(accept: String?) -> Bool {
        // Nearly every request accepts only JSON: a byte scan settles it without parsing.
        guard let accept, accept.containsASCIICaseInsensitive("event-stream") else { return false }
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

    /// The format as the streaming transport writes it.
    static let format = StreamFormat(
        contentType: contentType, transportForPOST: .eventStreamPOST, transportForGET: .eventStreamGET,
        begin: [], opening: [], next: next, keepAlive: keepAlive, complete: complete, end: { _ in complete })
}

extension String {
    /// Whether the text contains `needle` (lowercase ASCII) in any ASCII case: a byte
    /// scan, for header values that nearly never contain it.
    func containsASCIICaseInsensitive(_ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        let bytes = Array(utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in
            (0..<needle.count).allSatisfy { bytes[start + $0] | 0x20 == needle[$0] }
        }
    }
}
