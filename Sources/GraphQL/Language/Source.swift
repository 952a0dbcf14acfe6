/// A GraphQL document's text, held as UTF-8 bytes.
///
/// Everything downstream works with byte offsets into `bytes`; line and column are computed
/// only when an error is reported, so parsing never pays for them.
public struct Source: Sendable {
    /// The document as UTF-8 bytes.
    public let bytes: [UInt8]
    /// A name for messages, usually a file name, `"GraphQL request"` by default.
    public let name: String

    public init(_ text: String, name: String = "GraphQL request") {
        self.bytes = Array(text.utf8)
        self.name = name
    }

    public init(bytes: [UInt8], name: String = "GraphQL request") {
        self.bytes = bytes
        self.name = name
    }

    /// The text between two byte offsets (invalid UTF-8 is repaired).
    public func text(_ location: Location) -> String {
        String(decoding: bytes[location.start..<location.end], as: UTF8.self)
    }

    /// The 1-based line and column of a byte offset.
    ///
    /// LF, CR and CRLF each end one line. Columns count Unicode code points, as graphql-js
    /// does for every character in the Basic Multilingual Plane.
    public func lineColumn(at offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    index += 1
                    if index >= end { break }
                }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        var cursor = lineStart
        while cursor < end {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return SourceLocation(line: line, column: column)
    }
}

/// A 1-based line and column, as GraphQL errors report them.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range of byte offsets into a `Source`.
public struct Location: Sendable, Hashable {
    public let start: Int
    public let end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}
