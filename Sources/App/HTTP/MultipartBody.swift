import HTTPServer

/// A `multipart/form-data` body (RFC 7578) split into its parts.
///
/// Only what form data needs is read: each part's `Content-Disposition` name and file
/// name, and its `Content-Type`. Bytes are never copied more than once; any malformed
/// framing is an error, never a trap.
struct MultipartBody {
    /// One part of the body.
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var bytes: ArraySlice<UInt8>
    }

    /// Why a body could not be split.
    struct Malformed: Error {
        let message: String
    }

    var parts: [Part]

    /// The boundary named by a `multipart/form-data` content type, with its case kept
    /// (boundaries are case-sensitive); nil when the type is another or has none.
    static func boundary(contentType: String) -> String? {
        guard HTTPHeaders.isMultipartFormData(contentType) else { return nil }
        let pieces = contentType.split(separator: ";")
        guard let type = pieces.first, type.trimmed.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmed.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmed
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Splits `body` at `--boundary` lines; the preamble and epilogue are ignored.
    init(_ body: [UInt8], boundary: String) throws(Malformed) {
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = Self.find(delimiter, in: body, from: 0) else {
            throw Malformed(message: "The multipart body has no part.")
        }
        parts = []
        while true {
            position += delimiter.count
            if body[position...].starts(with: [45, 45]) { return }  // "--": the closing delimiter
            guard let headStart = Self.find([13, 10], in: body, from: position) else { break }
            let start = headStart + 2
            guard let headEnd = Self.find([13, 10, 13, 10], in: body, from: start - 2) else { break }
            let head = String(decoding: body[start..<max(start, headEnd)], as: UTF8.self)
            let contentStart = headEnd + 4
            guard let next = Self.find([13, 10] + delimiter, in: body, from: contentStart - 2) else { break }
            var part = Part(name: "", filename: nil, contentType: nil, bytes: body[contentStart..<max(contentStart, next)])
            try Self.readHead(head, into: &part)
            parts.append(part)
            position = next + 2
        }
        throw Malformed(message: "The multipart body is cut off before its closing boundary.")
    }

    private static func readHead(_ head: String, into part: inout Part) throws(Malformed) {
        var named = false
        for line in head.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmed.lowercased()
            let value = line[line.index(after: colon)...]
            if field == "content-type" {
                part.contentType = value.trimmed
            } else if field == "content-disposition" {
                for parameter in value.split(separator: ";").dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2 else { continue }
                    var text = pair[1].trimmed
                    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                        text = String(text.dropFirst().dropLast())
                    }
                    switch pair[0].trimmed.lowercased() {
                    case "name": part.name = text; named = true
                    case "filename": part.filename = text
                    default: break
                    }
                }
            }
        }
        guard named else { throw Malformed(message: "A multipart part has no name.") }
    }

    /// The first index at or after `start` where `needle` occurs in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
