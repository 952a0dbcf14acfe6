/// How a request's body is delimited, checked against RFC 9112 §6 before any of it is
/// read: a request whose length two parties could read differently is refused, and its
/// connection closed.
///
/// A proxy in front of Kitchen and Kitchen itself must agree where each request ends, or
/// a second request can be hidden in the first one's body (request smuggling).
/// libmicrohttpd takes the first `Content-Length` of several, and lets `Transfer-Encoding`
/// override `Content-Length`; a proxy may take the last, or the other one. So:
///
/// - `Content-Length` together with `Transfer-Encoding` is 400. §6.1 lets a server either
///   refuse such a request or go by `Transfer-Encoding`; a proxy that went by the length
///   instead is the attack.
/// - `Transfer-Encoding` whose last coding is not `chunked`, or that applies chunked twice
///   (also across repeated fields, which form one list), is 400: the length cannot be
///   known (§6.3 item 4). Any other coding before a final `chunked` is 501, as §6.1 asks
///   of a coding the server does not implement.
/// - `Content-Length` must be one field of digits only. A repeated field or a list — even
///   of identical values, which RFC 9110 §8.6 lets a recipient either refuse or read as
///   one — is 400: a proxy that chose differently is exactly the hazard, and no
///   well-behaved client sends either.
///
/// Every refusal closes the connection after it (§6.3 items 4 and 5), so nothing sent
/// after the head is ever read as a request.
enum RequestFraming {
    /// The answer to a head whose framing is refused, closing the connection; nil when the
    /// framing is sound.
    static func refusal(_ headers: HTTPHeaders) -> HTTPResponse? {
        var lengths = 0
        var length = ""
        var encodings: String?
        // By index, on the fields in place: iterating copied each field (two strings
        // retained and released) of every request.
        let fields = headers.fields
        for index in fields.indices {
            if HTTPHeaders.namesMatch(fields[index].name, "Content-Length") {
                lengths += 1
                length = fields[index].value
            } else if HTTPHeaders.namesMatch(fields[index].name, "Transfer-Encoding") {
                encodings = encodings.map { $0 + "," + fields[index].value } ?? fields[index].value
            }
        }
        if lengths > 0, encodings != nil {
            return refused(400, "A request may not have both Content-Length and Transfer-Encoding.")
        }
        if let encodings {
            let codings = encodings.split(separator: ",").map { optionalWhitespaceTrimmed($0) }.filter { !$0.isEmpty }
            let chunked = codings.filter(isChunked).count
            guard let last = codings.last, isChunked(last), chunked == 1 else {
                return refused(400, "Transfer-Encoding must end with chunked, once.")
            }
            if codings.count > 1 { return refused(501, "The only Transfer-Encoding Kitchen implements is chunked.") }
        }
        if lengths > 1 { return refused(400, "A request may have only one Content-Length.") }
        if lengths == 1, !isDigits(optionalWhitespaceTrimmed(Substring(length))) {
            return refused(400, "Content-Length must be one decimal number.")
        }
        return nil
    }

    private static func refused(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, text: message + "\n").closingConnection()
    }

    private static func isChunked(_ coding: Substring.UTF8View) -> Bool {
        // Folding with 0x20 maps only the letters C, H, U, N, K, E, D onto these bytes.
        coding.elementsEqual("chunked".utf8) { $0 | 0x20 == $1 }
    }

    private static func isDigits(_ text: Substring.UTF8View) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The text's bytes without spaces and tabs at either end (RFC 9110 §5.5's OWS).
    private static func optionalWhitespaceTrimmed(_ text: Substring) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let bytes = text.utf8
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
