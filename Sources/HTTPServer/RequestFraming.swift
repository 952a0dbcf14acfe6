/// How a request's body is delimited, checked against RFC 9112 §6.3 before any of it is
/// read: a request whose length two parties could read differently is refused.
///
/// A proxy in front of Kitchen and Kitchen itself must agree where each request ends, or
/// a second request can be hidden in the first one's body (request smuggling).
/// libmicrohttpd takes the first `Content-Length` of several, and lets `Transfer-Encoding`
/// override `Content-Length`; a proxy may take the last, or the other one. So:
///
/// - `Content-Length` together with `Transfer-Encoding` is refused (§6.1: "A server MAY
///   reject a request that contains both … and ought to handle such a message as an
///   attack").
/// - `Transfer-Encoding` other than exactly `chunked` is refused (§6.3 item 4: chunked
///   not last means the length cannot be determined).
/// - `Content-Length` must be one field of digits only. A repeated field, or a list —
///   even of identical values, which RFC 9110 §8.6 lets a recipient either accept or
///   reject — is refused: a proxy that chose differently is exactly the hazard, and no
///   well-behaved client sends either.
///
/// Each refusal is a 400 after which the connection is closed (§6.3 item 5), so nothing
/// sent after the head is ever read as a request.
public enum RequestFraming {
    /// Why the head's framing is refused, as the text of the 400; nil when it is sound.
    public static func refusal(_ headers: HTTPHeaders) -> String? {
        var lengths: [String] = []
        var encodings: [String] = []
        for field in headers {
            if HTTPHeaders.namesMatch(field.name, "Content-Length") {
                lengths.append(field.value)
            } else if HTTPHeaders.namesMatch(field.name, "Transfer-Encoding") {
                encodings.append(field.value)
            }
        }
        if !lengths.isEmpty, !encodings.isEmpty {
            return "A request may not have both Content-Length and Transfer-Encoding.\n"
        }
        if !encodings.isEmpty, encodings.count > 1 || !isChunked(encodings[0]) {
            return "The only Transfer-Encoding accepted is chunked.\n"
        }
        if lengths.count > 1 {
            return "A request may have only one Content-Length.\n"
        }
        if let length = lengths.first, !isDigits(length) {
            return "Content-Length must be one decimal number.\n"
        }
        return nil
    }

    private static func isChunked(_ value: String) -> Bool {
        // Folding with 0x20 maps only the letters C, H, U, N, K, E, D onto these bytes.
        optionalWhitespaceTrimmed(value).elementsEqual("chunked".utf8) { $0 | 0x20 == $1 }
    }

    private static func isDigits(_ value: String) -> Bool {
        let digits = optionalWhitespaceTrimmed(value)
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value's bytes without spaces and tabs at either end (RFC 9110 §5.5's OWS).
    private static func optionalWhitespaceTrimmed(_ value: String) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let bytes = Substring(value).utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return Substring("").utf8 }
        return bytes[first...last]
    }
}

extension HTTPResponse {
    /// The same response, asking that the connection be closed after it: libmicrohttpd
    /// then reads nothing more from the client.
    func closingConnection() -> HTTPResponse {
        var response = self
        response.headers.replaceOrAdd(name: "Connection", value: "close")
        return response
    }
}
