/// Syntax errors raised while reading tokens, in graphql-js 16's words.
extension Lexer {
    /// A `GraphQLError` with code `GRAPHQL_PARSE_FAILED` at a byte offset of the source.
    func syntaxError(_ message: String, at offset: Int) -> GraphQLError {
        GraphQLError("Syntax Error: " + message, source: source, at: [offset], code: .parseFailed)
    }

    /// A character no token can start with.
    func unexpectedCharacter(at index: Int) -> GraphQLError {
        if bytes[index] == UInt8(ascii: "'") {
            return syntaxError(
                "Unexpected single quote character ('), did you mean to use a double quote (\")?",
                at: index)
        }
        if decodeScalar(at: index) == nil {
            return syntaxError("Invalid character: \(describeInvalidByte(at: index)).", at: index)
        }
        return syntaxError("Unexpected character: \(describeCharacter(at: index)).", at: index)
    }

    /// The character at an offset as graphql-js prints it: `"a"` for printable ASCII (`'"'`
    /// for the quote), `U+000A` for anything else, `<EOF>` past the end.
    func describeCharacter(at index: Int) -> String {
        guard index < bytes.count else { return "<EOF>" }
        let byte = bytes[index]
        if byte >= 0x20 && byte <= 0x7E {
            return byte == UInt8(ascii: "\"") ? "'\"'" : "\"\(Character(Unicode.Scalar(byte)))\""
        }
        guard let (scalar, _) = decodeScalar(at: index) else {
            return describeInvalidByte(at: index)
        }
        return Lexer.codePointNotation(scalar)
    }

    /// `U+` and at least four upper-case hex digits.
    static func codePointNotation(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Bytes that are not UTF-8 cannot reach graphql-js (it reads JavaScript strings), so this
    /// wording is ours: `byte 0xFF is not UTF-8`.
    func describeInvalidByte(at index: Int) -> String {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex + " is not UTF-8"
    }

    /// The source text from `start` covering at most `limit` characters (code points), as
    /// graphql-js quotes a bad escape sequence.
    func excerpt(from start: Int, characters limit: Int) -> String {
        var index = start
        var taken = 0
        while index < bytes.count, taken < limit {
            index += decodeScalar(at: index)?.length ?? 1
            taken += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
}
