/// StringValue (section 2.9.4): quoted strings with escapes, and block strings.
extension Lexer {
    /// StringValue :: `"` StringCharacter* `"`
    ///
    /// StringCharacter :: SourceCharacter but not `"` or `\` or LineTerminator |
    /// `\u` EscapedUnicode | `\` EscapedCharacter
    ///
    /// Checks the string starting at `start` and returns where it ends; with `decoding`, also
    /// its value.
    func readString(from start: Int, decoding: Bool) throws(GraphQLError) -> (end: Int, value: String?) {
        var index = start + 1
        var chunkStart = index
        var unescaped: [UInt8] = []  // used only once an escape shows up
        var hasEscape = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard decoding else { return (index + 1, nil) }
                let value: String
                if hasEscape {
                    unescaped.append(contentsOf: bytes[chunkStart..<index])
                    value = String(decoding: unescaped, as: UTF8.self)
                } else {
                    value = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]),
                        as: UTF8.self)
                }
                return (index + 1, value)
            case UInt8(ascii: "\\"):
                let (scalar, size) = try readEscape(at: index)
                if decoding {
                    hasEscape = true
                    unescaped.append(contentsOf: bytes[chunkStart..<index])
                    Lexer.appendUTF8(scalar, to: &unescaped)
                }
                index += size
                chunkStart = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw syntaxError("Unterminated string.", at: index)
            case 0..<0x80:
                index += 1
            default:
                guard let (_, length) = decodeScalar(at: index) else {
                    throw syntaxError(
                        "Invalid character within String: \(describeInvalidByte(at: index)).",
                        at: index)
                }
                index += length
            }
        }
        throw syntaxError("Unterminated string.", at: index)
    }

    /// An escape sequence starting at the `\` at `index`: the scalar it stands for and how
    /// many bytes it takes.
    ///
    /// EscapedCharacter :: one of `"` `\` `/` `b` `f` `n` `r` `t`
    private func readEscape(at index: Int) throws(GraphQLError) -> (UInt32, Int) {
        switch byte(at: index + 1) {
        case UInt8(ascii: "\""): return (0x22, 2)
        case UInt8(ascii: "\\"): return (0x5C, 2)
        case UInt8(ascii: "/"): return (0x2F, 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"):
            return byte(at: index + 2) == UInt8(ascii: "{")
                ? try readVariableWidthUnicodeEscape(at: index)
                : try readFixedWidthUnicodeEscape(at: index)
        default:
            throw syntaxError(
                "Invalid character escape sequence: \"\(excerpt(from: index, characters: 2))\".",
                at: index)
        }
    }

    /// EscapedUnicode :: `{` HexDigit+ `}`, a Unicode scalar value (at most twelve characters
    /// in all, `\u{00000000}`, as graphql-js reads it).
    private func readVariableWidthUnicodeEscape(at index: Int) throws(GraphQLError) -> (UInt32, Int) {
        var point: Int32 = 0
        var size = 3
        while size < 12 {
            let next = byte(at: index + size)
            size += 1
            if next == UInt8(ascii: "}") {
                guard size >= 5, Lexer.isScalarValue(point) else { break }
                return (UInt32(point), size)
            }
            // Mirrors graphql-js's 32-bit arithmetic, so that the quoted excerpt matches.
            point = (point &<< 4) | Lexer.hexValue(next)
            if point < 0 { break }
        }
        throw syntaxError(
            "Invalid Unicode escape sequence: \"\(excerpt(from: index, characters: size))\".",
            at: index)
    }

    /// EscapedUnicode :: HexDigit HexDigit HexDigit HexDigit, where a leading surrogate must
    /// be followed by `\u` and a trailing surrogate, together one scalar value.
    private func readFixedWidthUnicodeEscape(at index: Int) throws(GraphQLError) -> (UInt32, Int) {
        let code = fourHexDigits(at: index + 2)
        if Lexer.isScalarValue(code) { return (UInt32(code), 6) }
        if (0xD800...0xDBFF).contains(code), byte(at: index + 6) == UInt8(ascii: "\\"),
            byte(at: index + 7) == UInt8(ascii: "u")
        {
            let trailing = fourHexDigits(at: index + 8)
            if (0xDC00...0xDFFF).contains(trailing) {
                let scalar = 0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)
                return (UInt32(scalar), 12)
            }
        }
        throw syntaxError(
            "Invalid Unicode escape sequence: \"\(excerpt(from: index, characters: 6))\".",
            at: index)
    }

    /// The value of four hex digits, or a negative number if any is missing or not hex.
    private func fourHexDigits(at index: Int) -> Int32 {
        var value: Int32 = 0
        for offset in 0..<4 {
            let digit = Lexer.hexValue(byte(at: index + offset))
            if digit < 0 { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    /// A hex digit's value, or -1.
    private static func hexValue(_ byte: UInt8?) -> Int32 {
        switch byte {
        case let digit? where digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9"):
            Int32(digit - UInt8(ascii: "0"))
        case let digit? where digit >= UInt8(ascii: "A") && digit <= UInt8(ascii: "F"):
            Int32(digit - UInt8(ascii: "A") + 10)
        case let digit? where digit >= UInt8(ascii: "a") && digit <= UInt8(ascii: "f"):
            Int32(digit - UInt8(ascii: "a") + 10)
        default:
            -1
        }
    }

    private static func isScalarValue(_ point: Int32) -> Bool {
        (0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)
    }

    /// Appends a scalar value's UTF-8 encoding.
    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
