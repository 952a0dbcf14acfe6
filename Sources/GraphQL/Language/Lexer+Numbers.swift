/// IntValue and FloatValue (section 2.9.1 and 2.9.2).
extension Lexer {
    /// IntValue :: IntegerPart [lookahead != {Digit, `.`, NameStart}]
    ///
    /// FloatValue :: IntegerPart FractionalPart ExponentPart? | IntegerPart ExponentPart,
    /// not followed by Digit, `.` or NameStart.
    ///
    /// IntegerPart :: NegativeSign? 0 | NegativeSign? NonZeroDigit Digit*
    func readNumber(from start: Int) throws(GraphQLError) -> Token {
        var index = start
        var isFloat = false
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if byte(at: index) == UInt8(ascii: "0") {
            index += 1
            if let next = byte(at: index), Lexer.isDigit(next) {
                throw syntaxError(
                    "Invalid number, unexpected digit after 0: \(describeCharacter(at: index)).",
                    at: index)
            }
        } else {
            index = try endOfDigits(from: index)
        }
        if byte(at: index) == UInt8(ascii: ".") {  // FractionalPart :: `.` Digit+
            isFloat = true
            index = try endOfDigits(from: index + 1)
        }
        if let next = byte(at: index), next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            // ExponentPart :: ExponentIndicator Sign? Digit+
            isFloat = true
            index += 1
            if let sign = byte(at: index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
            }
            index = try endOfDigits(from: index)
        }
        if let next = byte(at: index), next == UInt8(ascii: ".") || Lexer.isNameStart(next) {
            throw syntaxError(
                "Invalid number, expected digit but got: \(describeCharacter(at: index)).",
                at: index)
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: index)
    }

    /// The offset after one or more digits starting at `start`.
    private func endOfDigits(from start: Int) throws(GraphQLError) -> Int {
        guard let first = byte(at: start), Lexer.isDigit(first) else {
            throw syntaxError(
                "Invalid number, expected digit but got: \(describeCharacter(at: start)).",
                at: start)
        }
        var index = start + 1
        while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
        return index
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
