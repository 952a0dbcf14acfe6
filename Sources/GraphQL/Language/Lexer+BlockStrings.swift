/// Block strings (section 2.9.4): `"""` raw text `"""`, dedented by BlockStringValue.
extension Lexer {
    /// StringValue :: `"""` BlockStringCharacter* `"""`
    ///
    /// BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
    ///
    /// The raw text is split into lines at each LineTerminator (LF, CR, CRLF), `\"""` becomes
    /// `"""`, and the lines go through `BlockString.dedent`.
    func readBlockString(from start: Int) throws(GraphQLError) -> Token {
        var index = start + 3
        var chunkStart = index
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\"") where isTripleQuote(at: index):
                line.append(contentsOf: bytes[chunkStart..<index])
                lines.append(line)
                let value = String(decoding: BlockString.dedent(lines), as: UTF8.self)
                return Token(kind: .blockString, start: start, end: index + 3, stringValue: value)
            case UInt8(ascii: "\\") where isTripleQuote(at: index + 1):
                line.append(contentsOf: bytes[chunkStart..<index])
                chunkStart = index + 1  // keep the quotes, drop the backslash
                index += 4
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                line.append(contentsOf: bytes[chunkStart..<index])
                lines.append(line)
                line = []
                let isCRLF = current == UInt8(ascii: "\r") && byte(at: index + 1) == UInt8(ascii: "\n")
                index += isCRLF ? 2 : 1
                chunkStart = index
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

    private func isTripleQuote(at index: Int) -> Bool {
        byte(at: index) == UInt8(ascii: "\"") && byte(at: index + 1) == UInt8(ascii: "\"")
            && byte(at: index + 2) == UInt8(ascii: "\"")
    }
}
