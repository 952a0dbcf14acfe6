/// Block strings (section 2.9.4): `"""` raw text `"""`, dedented by BlockStringValue.
extension Lexer {
    /// StringValue :: `"""` BlockStringCharacter* `"""`
    ///
    /// BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
    ///
    /// Checks the block string starting at `start` and returns where it ends; with
    /// `decoding`, also its value: the raw text split into lines at each LineTerminator (LF,
    /// CR, CRLF), dedented by `BlockString.dedent`, `\"""` turned into `"""`.
    func readBlockString(from start: Int, decoding: Bool) throws(GraphQLError) -> (end: Int, value: String?) {
        var index = start + 3
        var lineStart = index
        var lines: [Range<Int>] = []
        if decoding { lines.reserveCapacity(8) }  // one allocation for most block strings
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\"") where isTripleQuote(at: index):
                guard decoding else { return (index + 3, nil) }
                lines.append(lineStart..<index)
                let value = BlockString.dedent(lines: lines, of: bytes, unescapingQuotes: true)
                return (index + 3, String(decoding: value, as: UTF8.self))
            case UInt8(ascii: "\\") where isTripleQuote(at: index + 1):
                index += 4
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if decoding { lines.append(lineStart..<index) }
                let isCRLF = current == UInt8(ascii: "\r") && byte(at: index + 1) == UInt8(ascii: "\n")
                index += isCRLF ? 2 : 1
                lineStart = index
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
