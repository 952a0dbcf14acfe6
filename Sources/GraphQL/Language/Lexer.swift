/// Reads a document's tokens one at a time, on demand (section 2.1, "Source Text", and
/// appendix C's lexical grammar).
///
/// It works on the UTF-8 bytes with `Int` offsets and switches on single bytes; a `String`
/// is made only for string values. Ignored tokens (white space, line terminators, commas,
/// comments and the byte order mark) are skipped. The lexer is a value: copying it and
/// reading from the copy is a lookahead that leaves the original where it was.
///
/// `bytes` must stay valid while the lexer is used: `Lexer.withLexer(_:)` scopes it.
struct Lexer {
    let source: Source
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token read starts looking.
    private(set) var position: Int = 0

    init(source: Source, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
    }

    /// Runs `body` with a lexer over the source's bytes.
    static func withLexer<Result, Failure: Error>(
        _ source: Source, _ body: (inout Lexer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try source.bytes.withUnsafeBufferPointer { (bytes) throws(Failure) -> Result in
            var lexer = Lexer(source: source, bytes: bytes)
            return try body(&lexer)
        }
    }

    /// Every token of a source up to and including `<EOF>`; for tests and tools.
    static func tokens(of source: Source) throws(GraphQLError) -> [Token] {
        try withLexer(source) { (lexer) throws(GraphQLError) -> [Token] in
            var tokens: [Token] = []
            while true {
                let token = try lexer.next()
                tokens.append(token)
                if token.kind == .endOfFile { return tokens }
            }
        }
    }

    /// Reads the next significant token, or `<EOF>` once the bytes run out.
    mutating func next() throws(GraphQLError) -> Token {
        let count = bytes.count
        var index = position
        while index < count {
            let lead = bytes[index]
            switch lead {
            case UInt8(ascii: " "):
                index = endOfSpaces(from: index + 1)
                continue
            case UInt8(ascii: "\n"):
                index = endOfSpaces(from: index + 1)  // a new line's indentation
                continue
            case UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "\r"):
                index += 1
                continue
            case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3  // UnicodeBOM
                continue
            case UInt8(ascii: "#"):
                index = endOfComment(from: index + 1)
                continue
            case UInt8(ascii: "!"): return punctuator(.bang, at: index)
            case UInt8(ascii: "$"): return punctuator(.dollar, at: index)
            case UInt8(ascii: "&"): return punctuator(.amp, at: index)
            case UInt8(ascii: "("): return punctuator(.parenLeft, at: index)
            case UInt8(ascii: ")"): return punctuator(.parenRight, at: index)
            case UInt8(ascii: ":"): return punctuator(.colon, at: index)
            case UInt8(ascii: "="): return punctuator(.equals, at: index)
            case UInt8(ascii: "@"): return punctuator(.at, at: index)
            case UInt8(ascii: "["): return punctuator(.bracketLeft, at: index)
            case UInt8(ascii: "]"): return punctuator(.bracketRight, at: index)
            case UInt8(ascii: "{"): return punctuator(.braceLeft, at: index)
            case UInt8(ascii: "|"): return punctuator(.pipe, at: index)
            case UInt8(ascii: "}"): return punctuator(.braceRight, at: index)
            case UInt8(ascii: "."):
                if byte(at: index + 1) == UInt8(ascii: "."), byte(at: index + 2) == UInt8(ascii: ".")
                {
                    position = index + 3
                    return Token(kind: .spread, start: index, end: index + 3)
                }
                throw unexpectedCharacter(at: index)
            case UInt8(ascii: "\""):
                let isBlock =
                    byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
                let end =
                    isBlock
                    ? try readBlockString(from: index, decoding: false).end
                    : try readString(from: index, decoding: false).end
                position = end
                return Token(kind: isBlock ? .blockString : .string, start: index, end: end)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let token = try readNumber(from: index)
                position = token.end
                return token
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "_"):
                let end = endOfName(from: index + 1)
                position = end
                return Token(kind: .name, start: index, end: end)
            default:
                throw unexpectedCharacter(at: index)
            }
        }
        position = count
        return Token(kind: .endOfFile, start: count, end: count)
    }

    /// The value of a `string` or `blockString` token: escapes resolved, block strings
    /// dedented. Tokens are checked when read, so decoding one again cannot fail.
    func stringValue(of token: Token) -> String {
        let decoded =
            token.kind == .blockString
            ? try? readBlockString(from: token.start, decoding: true).value
            : try? readString(from: token.start, decoding: true).value
        return (decoded ?? nil) ?? ""
    }

    /// The byte at an offset, or nil past the end.
    @inline(__always)
    func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Skips a run of spaces. Indentation makes long runs common, so eight bytes are read
    /// at a time while eight remain: the first byte that is not a space is the lowest
    /// nonzero byte of the word XOR eight spaces (bytes load little-endian).
    @inline(__always)
    private func endOfSpaces(from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let difference = UInt64(littleEndian: word) ^ 0x2020_2020_2020_2020
                if difference != 0 { return index + difference.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// Where a name continuing at `start` ends. Names are the most frequent token, so eight
    /// bytes are classified at a time while eight remain (`nonNameBytes`).
    @inline(__always)
    private func endOfName(from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let stops = Lexer.nonNameBytes(word)
                if stops != 0 { return index + stops.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < bytes.count, Lexer.isNameContinue(bytes[index]) { index += 1 }
        return index
    }

    /// The top bit of each byte of `word` that is not NameContinue (a letter, digit or `_`),
    /// computed for all eight bytes at once.
    ///
    /// Each test works on the low seven bits of every byte, where adding a constant below
    /// 0x80 cannot carry into the next byte: `x + (0x80 - low)` sets the top bit exactly when
    /// `x >= low`, `x + (0x7F - high)` exactly when `x > high`. Bytes with the top bit set
    /// (not ASCII) are never name bytes.
    @inline(__always)
    static func nonNameBytes(_ word: UInt64) -> UInt64 {
        let top: UInt64 = 0x8080_8080_8080_8080
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let ones: UInt64 = 0x0101_0101_0101_0101
        let ascii = word & low7
        func inRange(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (x &+ (0x80 - low) &* ones) & ~(x &+ (0x7F - high) &* ones) & top
        }
        let digits = inRange(ascii, 0x30, 0x39)
        let letters = inRange(ascii | 0x2020_2020_2020_2020, 0x61, 0x7A)  // | 0x20 lowercases
        let underscores = ~((ascii ^ 0x5F5F_5F5F_5F5F_5F5F) &+ low7) & top  // zero bytes
        let nameBytes = (digits | letters | underscores) & ~word
        return ~nameBytes & top
    }

    private mutating func punctuator(_ kind: TokenKind, at index: Int) -> Token {
        position = index + 1
        return Token(kind: kind, start: index, end: index + 1)
    }

    /// Comment :: `#` CommentChar*, up to the next line terminator.
    private func endOfComment(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"),
            bytes[index] != UInt8(ascii: "\r")
        {
            index += 1
        }
        return index
    }

    /// NameContinue :: Letter | Digit | `_`
    ///
    /// One bit per ASCII byte in two words (bytes 0–63, then 64–127), tested without
    /// branching on the byte's value: names are the most frequent token.
    @inline(__always)
    static func isNameContinue(_ byte: UInt8) -> Bool {
        // Digits are bytes 48–57; `A`–`Z` 65–90, `_` 95 and `a`–`z` 97–122 are bits 1–26,
        // 31 and 33–58 of the second word.
        let digits: UInt64 = 0x03FF_0000_0000_0000
        let lettersAndUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let word = byte < 64 ? digits : (byte < 128 ? lettersAndUnderscore : 0)
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// NameStart :: Letter | `_`
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
