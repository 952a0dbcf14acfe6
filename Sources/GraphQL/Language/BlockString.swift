/// Block string rules shared by the lexer and the printer: the spec's BlockStringValue
/// (section 2.9.4) and graphql-js's rules for printing a value back as a block string.
enum BlockString {
    /// BlockStringValue(rawValue), given the raw value's lines as byte ranges: remove the
    /// common indentation of every line but the first, then leading and trailing blank
    /// lines, and join what remains with LF. With `unescapingQuotes`, `\"""` in the lines
    /// becomes `"""`.
    static func dedent(
        lines: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, unescapingQuotes: Bool
    ) -> [UInt8] {
        var commonIndent = Int.max
        var firstNonBlank: Int? = nil
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            let indent = leadingWhiteSpace(line, of: bytes)
            if indent == line.count { continue }  // blank: white space only
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number != 0 && indent < commonIndent { commonIndent = indent }
        }
        guard let firstNonBlank else { return [] }
        var value: [UInt8] = []
        value.reserveCapacity(lines[lastNonBlank].upperBound - lines[firstNonBlank].lowerBound)
        for number in firstNonBlank...lastNonBlank {
            if number != firstNonBlank { value.append(UInt8(ascii: "\n")) }
            let line = lines[number]
            var index = number == 0 ? line.lowerBound : line.lowerBound + min(commonIndent, line.count)
            while index < line.upperBound {
                let byte = bytes[index]
                if unescapingQuotes && byte == UInt8(ascii: "\\")
                    && index + 3 < line.upperBound && bytes[index + 1] == UInt8(ascii: "\"")
                    && bytes[index + 2] == UInt8(ascii: "\"") && bytes[index + 3] == UInt8(ascii: "\"")
                {
                    index += 1  // drop the backslash of \"""
                    continue
                }
                value.append(byte)
                index += 1
            }
        }
        return value
    }

    /// BlockStringValue of a raw block string's text (what stands between the `"""`, with
    /// `\"""` already turned into `"""`).
    static func value(ofRaw raw: String) -> String {
        let bytes = Array(raw.utf8)
        var lines: [Range<Int>] = []
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                lines.append(lineStart..<index)
                let isCRLF =
                    bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count
                    && bytes[index + 1] == UInt8(ascii: "\n")
                index += isCRLF ? 2 : 1
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(lineStart..<bytes.count)
        let value = bytes.withUnsafeBufferPointer {
            dedent(lines: lines, of: $0, unescapingQuotes: false)
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// How many spaces and tabs a line starts with.
    private static func leadingWhiteSpace(_ line: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = line.lowerBound
        while index < line.upperBound,
            bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
        {
            index += 1
        }
        return index - line.lowerBound
    }

    /// Prints a value as a block string the way graphql-js does: `"""` escaped as `\"""`, on
    /// one line when short and safe, otherwise with the quotes on lines of their own.
    ///
    /// `preferMultipleLines` always puts the quotes on their own lines.
    static func print(_ value: String, preferMultipleLines: Bool = false) -> String {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        // Common indentation is kept when the first line moves down to a line of its own.
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || isWhiteSpace($0.utf8.first) }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            preferMultipleLines || !isSingleLine || value.utf16.count > 70
            || forceTrailingNewLine || forceLeadingNewLine || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && isWhiteSpace(value.utf8.first)
        var result = "\"\"\""
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
            result += "\n"
        }
        result += escaped
        if printAsMultipleLines || forceTrailingNewLine { result += "\n" }
        return result + "\"\"\""
    }

    /// Whether printing a value as a block string gives back the same value when parsed
    /// (graphql-js's `isPrintableAsBlockString`, including which control characters it
    /// checks).
    static func isPrintable(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for byte in value.utf8 {
            switch byte {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F:
                return false  // not printable
            case 0x0D:
                return false  // CR would come back as LF
            case 0x0A:
                if isEmptyLine && !seenNonEmptyLine { return false }  // leading blank line
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case 0x09, 0x20:
                hasIndent = hasIndent || isEmptyLine
            default:
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }  // trailing blank lines
        if hasCommonIndent && seenNonEmptyLine { return false }  // indentation would be lost
        return true
    }

    private static func isWhiteSpace(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Splits at CRLF, LF or CR.
    private static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            // "\r\n" is one Character in Swift, so this splits CRLF once.
            if text[index] == "\n" || text[index] == "\r" || text[index] == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }
}
