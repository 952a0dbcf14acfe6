import HTTPServer

/// Which responses go out gzip-compressed, and how.
///
/// A whole body of at least `minimumBytes`, of a textual type (JSON, GraphQL responses,
/// text, JavaScript, CSS, SVG), not already encoded. Event streams and other streamed
/// bodies never are: each event must reach the client when it is written, and a
/// compressor holds bytes back. Every such response says `Vary: Accept-Encoding`, whether
/// or not this client got it compressed, so that a shared cache keeps the two apart.
struct ResponseCompression: Sendable {
    /// Below about a kilobyte gzip saves a few hundred bytes at most — less than a packet —
    /// for the time of a compression.
    var minimumBytes = 1024
    /// zlib at its default level, its streams shared by every thread.
    let gzip = GzipCompressor()

    /// Whether `response` is one compression applies to.
    func isEligible(_ response: HTTPResponse) -> Bool {
        response.stream == nil && response.pending == nil && response.body.count >= minimumBytes
            && response.headers["Content-Encoding"] == nil
            && Self.isTextual(contentType: response.headers["Content-Type"])
    }

    /// The response with its gzip-compressed body made and kept beside the plain one
    /// (`gzippedBody`), for a layer that keeps responses to send again — the response
    /// cache — so that each kept answer is compressed once, not once per client.
    func precompressed(_ response: HTTPResponse) -> HTTPResponse {
        guard response.gzippedBody == nil, isEligible(response) else { return response }
        var response = response
        response.gzippedBody = gzip.compress(response.body)
        return response
    }

    /// The response as it goes to a client whose `Accept-Encoding` is `acceptEncoding`:
    /// compressed (with the body kept by `precompressed`, if any) when it is eligible, the
    /// client prefers gzip, and gzip makes it smaller.
    func encode(_ response: HTTPResponse, acceptEncoding: String?) -> HTTPResponse {
        guard isEligible(response) else { return response }
        var response = response
        response.headers.addVary("Accept-Encoding")
        guard AcceptEncoding.prefersGzip(acceptEncoding),
            let compressed = response.gzippedBody ?? gzip.compress(response.body),
            compressed.count < response.body.count
        else { return response }
        response.body = compressed
        response.gzippedBody = nil
        response.headers.add(name: "Content-Encoding", value: "gzip")
        return response
    }

    /// Whether a `Content-Type` names a type that compresses well: text, and the JSON,
    /// JavaScript and XML types (GraphQL answers are JSON). Read in place, byte by byte and
    /// ignoring ASCII case: it is asked of every response, compressed or not.
    static func isTextual(contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { field in
            var type = field[..<(field.firstIndex(of: UInt8(ascii: ";")) ?? field.endIndex)]
            while let first = type.first, first == 0x20 || first == 0x09 { type = type.dropFirst() }
            while let last = type.last, last == 0x20 || last == 0x09 { type = type.dropLast() }
            func starts(_ prefix: StaticString) -> Bool { type.matches(prefix, at: type.startIndex) }
            func ends(_ suffix: StaticString) -> Bool {
                type.count >= suffix.utf8CodeUnitCount
                    && type.matches(suffix, at: type.endIndex - suffix.utf8CodeUnitCount)
            }
            return starts("text/") || ends("/json") || ends("+json") || ends("/xml") || ends("+xml")
                || (type.count == 22 && starts("application/javascript"))
        }
    }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
    /// Whether `text` (ASCII, lower case) is at `start`, ignoring the case of ASCII letters.
    fileprivate func matches(_ text: StaticString, at start: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard start >= startIndex, start + count <= endIndex else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: count)
        for offset in 0..<count {
            let byte = self[start + offset]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if lowered != expected[offset] { return false }
        }
        return true
    }
}
