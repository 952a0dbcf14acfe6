import Testing

@testable import GraphQL

@Suite("Lexer")
struct LexerTests {
    @Test("reads every punctuator")
    func punctuators() throws {
        #expect(
            try tokenKinds("! $ & ( ) ... : = @ [ ] { | }") == [
                .bang, .dollar, .amp, .parenLeft, .parenRight, .spread, .colon, .equals, .at,
                .bracketLeft, .bracketRight, .braceLeft, .pipe, .braceRight,
            ])
    }

    @Test("skips white space, commas, line terminators, comments and the byte order mark")
    func ignoredTokens() throws {
        let tokens = try Lexer.tokens(of: Source("\u{FEFF} \t,,a # comment }\r\n\rb\n#end"))
        #expect(tokens.map(\.kind) == [.name, .name, .endOfFile])
        #expect(tokens[0].start == 7 && tokens[0].end == 8)
    }

    @Test("names are letters, digits and underscores, not starting with a digit")
    func names() throws {
        let source = Source("_a1 B_2 __typename")
        let tokens = try Lexer.tokens(of: source)
        #expect(tokens.dropLast().map { source.text(Location(start: $0.start, end: $0.end)) } == [
            "_a1", "B_2", "__typename",
        ])
    }

    @Test("integers and floats follow the number grammar", arguments: [
        ("0", TokenKind.int), ("-0", .int), ("123", .int), ("-45", .int), ("1.5", .float),
        ("-0.25", .float), ("1e5", .float), ("1E+5", .float), ("2.5e-3", .float),
    ])
    func numbers(text: String, kind: TokenKind) throws {
        let tokens = try Lexer.tokens(of: Source(text))
        #expect(tokens.map(\.kind) == [kind, .endOfFile])
        #expect(tokens[0].end == text.utf8.count)
    }

    @Test("malformed numbers are errors in graphql-js's words", arguments: [
        ("01", "Invalid number, unexpected digit after 0: \"1\".", 2),
        ("-01", "Invalid number, unexpected digit after 0: \"1\".", 3),
        ("1.", "Invalid number, expected digit but got: <EOF>.", 3),
        (".5", "Unexpected character: \".\".", 1),
        ("1e", "Invalid number, expected digit but got: <EOF>.", 3),
        ("1.5e+", "Invalid number, expected digit but got: <EOF>.", 6),
        ("123abc", "Invalid number, expected digit but got: \"a\".", 4),
        ("0x1", "Invalid number, expected digit but got: \"x\".", 2),
        ("1.2.3", "Invalid number, expected digit but got: \".\".", 4),
        ("-", "Invalid number, expected digit but got: <EOF>.", 2),
        ("1_000", "Invalid number, expected digit but got: \"_\".", 2),
    ])
    func badNumbers(text: String, message: String, column: Int) {
        let error = lexError(text)
        #expect(error?.message == "Syntax Error: " + message)
        #expect(error?.locations == [SourceLocation(line: 1, column: column)])
        #expect(error?.code == "GRAPHQL_PARSE_FAILED")
    }

    @Test("strings resolve every escape", arguments: [
        (#""simple""#, "simple"),
        (#""quote \" backslash \\ slash \/""#, "quote \" backslash \\ slash /"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u20AC""#, "Aé€"),
        (#""\u{1F600} \u{41}""#, "😀 A"),
        (#""\uD83D\uDE00""#, "😀"),
        ("\"unicode é 中文 😀\"", "unicode é 中文 😀"),
        ("\"control \u{1} allowed\"", "control \u{1} allowed"),
        (#""""#, ""),
    ])
    func strings(text: String, value: String) throws {
        #expect(try stringValue(text) == value)
    }

    @Test("U+0000 is a source character as in graphql-js 16: in strings (raw or escaped), block strings and comments", arguments: [
        ("\"x\u{0}y\"", "x\u{0}y"),
        (#""x\u0000y""#, "x\u{0}y"),
        (#""x\u{0}y""#, "x\u{0}y"),
        (#""x\u{000000}y""#, "x\u{0}y"),
        ("\"\"\"x\u{0}y\"\"\"", "x\u{0}y"),
    ])
    func nulInStrings(text: String, value: String) throws {
        #expect(try stringValue(text) == value)
    }

    @Test("a raw U+0000 in a comment is ignored; outside strings and comments it is an unexpected character")
    func nulOutsideStrings() throws {
        #expect(try tokenKinds("{ a } # x\u{0}y\n") == [.braceLeft, .name, .braceRight])
        let error = lexError("{ a \u{0} }")
        #expect(error?.message == "Syntax Error: Unexpected character: U+0000.")
        #expect(error?.locations == [SourceLocation(line: 1, column: 5)])
    }

    @Test("bad strings are errors in graphql-js's words", arguments: [
        ("\"abc", "Unterminated string.", 5),
        ("\"a\nb\"", "Unterminated string.", 3),
        (#""\uD800""#, #"Invalid Unicode escape sequence: "\uD800"."#, 2),
        (#""\uDC00""#, #"Invalid Unicode escape sequence: "\uDC00"."#, 2),
        (#""\uD800\uD800""#, #"Invalid Unicode escape sequence: "\uD800"."#, 2),
        (#""\u{110000}""#, #"Invalid Unicode escape sequence: "\u{110000}"."#, 2),
        (#""\u{D800}""#, #"Invalid Unicode escape sequence: "\u{D800}"."#, 2),
        (#""\u{}""#, #"Invalid Unicode escape sequence: "\u{}"."#, 2),
        (#""\u{000000001}""#, #"Invalid Unicode escape sequence: "\u{000000001"."#, 2),
        (#""\u{12Z}""#, #"Invalid Unicode escape sequence: "\u{12Z"."#, 2),
        (#""\u12") }"#, #"Invalid Unicode escape sequence: "\u12")"."#, 2),
        (#""\x""#, #"Invalid character escape sequence: "\x"."#, 2),
        ("'abc'", "Unexpected single quote character ('), did you mean to use a double quote (\")?", 1),
        ("\"\"\"abc", "Unterminated string.", 7),
    ])
    func badStrings(text: String, message: String, column: Int) {
        let error = lexError(text)
        #expect(error?.message == "Syntax Error: " + message)
        #expect(error?.locations == [SourceLocation(line: 1, column: column)])
    }

    @Test("block strings are dedented and keep escaped triple quotes")
    func blockStrings() throws {
        #expect(try stringValue("\"\"\"\n      block string uses \\\"\"\"\n      \"\"\"") == "block string uses \"\"\"")
        #expect(try stringValue("\"\"\"  first\n    second\n      third\n\"\"\"") == "  first\nsecond\n  third")
        #expect(try stringValue("\"\"\"\r\n  a\r  b\r\n\"\"\"") == "a\nb")
        #expect(try stringValue("\"\"\"no \\n escapes \\u0041\"\"\"") == "no \\n escapes \\u0041")
    }

    @Test("characters no token starts with are named by code point")
    func unexpectedCharacters() {
        #expect(lexError("?")?.message == "Syntax Error: Unexpected character: \"?\".")
        #expect(lexError("\u{7}")?.message == "Syntax Error: Unexpected character: U+0007.")
        #expect(lexError("é")?.message == "Syntax Error: Unexpected character: U+00E9.")
        #expect(lexError("..")?.message == "Syntax Error: Unexpected character: \".\".")
        #expect(lexError("\"")?.message == "Syntax Error: Unterminated string.")
    }

    @Test("bytes that are not UTF-8 are errors, not crashes")
    func invalidUTF8() {
        func error(_ bytes: [UInt8]) -> String? {
            do {
                _ = try Lexer.tokens(of: Source(bytes: bytes))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(error([0xFF]) == "Syntax Error: Invalid character: byte 0xFF is not UTF-8.")
        #expect(
            error([0x22, 0xC3, 0x22])
                == "Syntax Error: Invalid character within String: byte 0xC3 is not UTF-8.")
        #expect(
            error([0x22, 0xED, 0xA0, 0x80, 0x22])  // an encoded surrogate
                == "Syntax Error: Invalid character within String: byte 0xED is not UTF-8.")
        #expect(error([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
    }

    @Test("LF, CR and CRLF each end one line in error locations")
    func lineTerminators() {
        #expect(lexError("\n\r\n\r  ?")?.locations == [SourceLocation(line: 4, column: 3)])
    }

    @Test("a name ends at the first byte that is not a name byte, wherever it falls in an eight-byte word")
    func nameEndsAtAnyOffset() throws {
        let alphabet = Array("aZ_9bY8cX7dW6eV5fU4g".utf8)
        for length in 1...20 {
            let name = String(decoding: alphabet.prefix(length), as: UTF8.self)
            for follower in [" ", "(", "{", "\n", ",", "!", "-", "@", "."] {
                for text in ["\(name)\(follower)", "\(name)\(follower)\(String(repeating: " ", count: 17))z"] {
                    let source = Source(text)
                    guard let first = try? Lexer.tokens(of: source).first else {
                        continue  // a lone "-" or "." after the name is a different error
                    }
                    #expect(first.kind == .name)
                    #expect(first.end == length, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("the eight-byte name test agrees with the byte test for every byte at every position")
    func nameBytesInWords() {
        for byte in 0...255 {
            for position in 0..<8 {
                // Name bytes around the byte under test, so that only it can stop the name.
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(byte)
                let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                let stops = Lexer.nonNameBytes(word)
                let stopsHere = stops & (0x80 << UInt64(position * 8)) != 0
                #expect(stopsHere == !Lexer.isNameContinue(UInt8(byte)), "byte \(byte) at \(position)")
                #expect(stops & ~(0x80 << UInt64(position * 8)) == 0, "byte \(byte) at \(position)")
            }
        }
    }

    @Test("a byte that is not UTF-8 right after a name is an error, not part of the name")
    func nonASCIIAfterName() {
        let error = lexError("abcdefgh\u{00E9}ijklmnop")
        #expect(error?.message == "Syntax Error: Unexpected character: U+00E9.")
        #expect(error?.locations == [SourceLocation(line: 1, column: 9)])
    }

    @Test("runs of spaces of every length, after a new line or not, are skipped up to the token")
    func spaceRuns() throws {
        for count in 0...20 {
            for prefix in ["", "\n", "a\n", "a"] {
                let text = prefix + String(repeating: " ", count: count) + "{ b }" + String(repeating: " ", count: count)
                let tokens = try Lexer.tokens(of: Source(text))
                let brace = try #require(tokens.first { $0.kind == .braceLeft })
                #expect(brace.start == prefix.utf8.count + count, "\(text.debugDescription)")
                #expect(tokens.last?.kind == .endOfFile)
            }
        }
    }
}
