import Testing

@testable import GraphQL

@Suite("JSON reader")
struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONError) -> Value { try JSONReader.parse(text) }

    /// The error for `text`, or nil when it parsed.
    private func failure(_ text: String, maxDepth: Int = 64) -> JSONError? {
        failure(Array(text.utf8), maxDepth: maxDepth)
    }

    private func failure(_ bytes: [UInt8], maxDepth: Int = 64) -> JSONError? {
        do {
            _ = try JSONReader.parse(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    @Test("literals, numbers and strings read as values")
    func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false\n") == .bool(false))
        #expect(try parse("0") == .int(0))
        #expect(try parse("-0") == .int(0))
        #expect(try parse("-12") == .int(-12))
        #expect(try parse("1.0") == .float(1.0))
        #expect(try parse("1e3") == .float(1000))
        #expect(try parse("-2.5E-3") == .float(-0.0025))
        #expect(try parse("\"hi\"") == .string("hi"))
    }

    @Test("integers that fit in Int are ints, larger ones floats")
    func integerRange() throws {
        #expect(try parse("9223372036854775807") == .int(Int.max))
        #expect(try parse("-9223372036854775808") == .int(Int.min))
        #expect(try parse("9223372036854775808") == .float(9223372036854775808.0))
        #expect(try parse("-99999999999999999999") == .float(-1e20))
    }

    @Test("objects keep key order and a repeated key takes the last value")
    func objects() throws {
        #expect(try parse(#"{"b":1,"a":[true,null],"c":{}}"#)
            == .object(["b": .int(1), "a": .list([.bool(true), .null]), "c": .object(ObjectValue())]))
        #expect(try parse(#"{"a":1,"b":2,"a":3}"#) == .object(["a": .int(3), "b": .int(2)]))
    }

    @Test("a repeated key in a large object also takes the last value")
    func largeObjectDuplicates() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        guard case .object(let object) = try parse("{\(members),\"k3\":\"last\",\"k30\":null}") else {
            Issue.record("not an object")
            return
        }
        #expect(object.count == 40)
        #expect(object["k3"] == .string("last"))
        #expect(object["k30"] == .null)
        #expect(object.keys[3] == "k3")
    }

    @Test("escapes, surrogate pairs and raw UTF-8 read as text")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u4E2D\u0000""#) == .string("é中\u{0}"))
        #expect(try parse(#""\ud83c\udf45""#) == .string("🍅"))
        #expect(try parse("\"番茄 🍅\"") == .string("番茄 🍅"))
    }

    @Test("long plain runs between escapes and non-ASCII text are kept whole")
    func runsBetweenEscapes() throws {
        let query = #""query Q {\n  recipe(id: \"1\") {\n    name 番茄\n  }\n}\n""#
        #expect(try parse(query) == .string("query Q {\n  recipe(id: \"1\") {\n    name 番茄\n  }\n}\n"))
        #expect(try parse(#""é then plain text""#) == .string("é then plain text"))
        #expect(failure("\"\\n unterminated plain run") != nil)
        #expect(failure("\"\\n then a raw \u{01} control\"") != nil)
    }

    @Test("strings made mostly of escapes read whole, in arrays of them and beside long input")
    func escapeHeavyStrings() throws {
        // Each piece: its JSON text and the text it stands for. A string is written into
        // room as long as its JSON text, which escapes only shorten.
        let pieces: [(json: String, text: String)] = [
            (#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"), (#"\u4e2d"#, "中"),
            (#"\ud83c\udf45"#, "🍅"), ("é", "é"), ("a", "a"), ("番", "番"), (#"\/"#, "/"),
        ]
        var state: UInt64 = 7
        for _ in 0..<300 {
            var json = ""
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 59) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let piece = pieces[Int(state >> 33) % pieces.count]
                json += piece.json
                text += piece.text
            }
            let padding = String(repeating: "x", count: 100)
            #expect(try parse("[\"\(json)\",\"\(json)\",\"\(padding)\"]")
                == .list([.string(text), .string(text), .string(padding)]))
        }
    }

    @Test("the error names the problem and its byte offset")
    func errorMessage() {
        #expect(failure(#"{"a": x}"#)?.message == "Unexpected character 'x' at offset 6")
        #expect(failure("")?.message == "Unexpected end of input at offset 0")
        #expect(failure("[1,2")?.message == "Unexpected end of input at offset 4")
    }

    @Test("trailing commas are rejected")
    func trailingCommas() {
        #expect(failure("[1,]")?.offset == 3)
        #expect(failure(#"{"a":1,}"#)?.offset == 7)
    }

    @Test("leading zeros and malformed numbers are rejected")
    func badNumbers() {
        #expect(failure("01")?.reason == "Leading zero in number")
        #expect(failure("-01")?.offset == 1)
        #expect(failure("1.") != nil)
        #expect(failure(".5") != nil)
        #expect(failure("1e") != nil)
        #expect(failure("+1") != nil)
        #expect(failure("-") != nil)
        #expect(failure("NaN") != nil)
        #expect(failure("Infinity") != nil)
        #expect(failure("1e400")?.reason == "Number out of range")
    }

    @Test("comments, single quotes and bare words are rejected")
    func notJSON() {
        #expect(failure("// c\n1") != nil)
        #expect(failure("'a'") != nil)
        #expect(failure("{a:1}") != nil)
        #expect(failure("nul") != nil)
        #expect(failure("truex") != nil)
    }

    @Test("anything after the value but whitespace is rejected")
    func trailingInput() {
        #expect(failure("1 2")?.message == "Unexpected character '2' at offset 2")
        #expect(failure("{} {}") != nil)
        #expect(failure(" [] \t\r\n") == nil)
    }

    @Test("a lone surrogate escape is rejected")
    func loneSurrogates() {
        #expect(failure(#""\ud800""#)?.reason == "Lone surrogate in \\u escape")
        #expect(failure(#""\udc00x""#) != nil)
        #expect(failure(#""\ud800\u0041""#) != nil)
        #expect(failure(#""\ud800\n""#) != nil)
    }

    @Test("invalid escapes and raw control characters are rejected")
    func badEscapes() {
        #expect(failure(#""\x""#)?.message == "Invalid escape 'x' in string at offset 1")
        #expect(failure(#""\u12G4""#) != nil)
        #expect(failure("\"a\nb\"")?.offset == 2)
        #expect(failure("\"abc")?.reason == "Unterminated string")
    }

    @Test("invalid UTF-8 is rejected", arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
        [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x22],
        [0x22, 0xE4, 0xB8], [0xEF, 0xBB, 0xBF, 0x31],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(failure(bytes) != nil)
    }

    /// The value with whole floats that fit in Int as ints.
    private func normalized(_ value: Value) -> Value {
        switch value {
        case .float(let double) where double.isWholeNumber && double.magnitude < 9e18: .int(Int(double))
        case .list(let items): .list(items.map(normalized))
        case .object(let object): .object(ObjectValue(object.entries.map { ($0.key, normalized($0.value)) }))
        default: value
        }
    }

    @Test("random JSON-like bytes give a value or an error, never a crash")
    func randomInput() throws {
        let alphabet = Array(#"{}[]:,"\u0aeE+-.1 9tfnlrsx"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xF0, 0x9F, 0xED, 0xFF]
        var state: UInt64 = 42
        var parsed = 0
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            if let value = try? JSONReader.parse(bytes) {
                parsed += 1
                // Whole floats are written as JavaScript writes them (`1e1` as `10`), so they
                // read back as ints.
                #expect(try normalized(JSONReader.parse(JSONWriter.encode(value))) == normalized(value), "\(value)")
            } else {
                #expect(failure(bytes).map { $0.offset >= 0 && $0.offset <= bytes.count } == true)
            }
        }
        #expect(parsed > 0)
    }

    @Test("nesting deeper than the limit is an error, not a crash")
    func depth() {
        #expect(failure(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        #expect(failure(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))?.reason
            == "Nesting deeper than 64 levels")
        #expect(failure(String(repeating: "[", count: 100_000)) != nil)
        #expect(failure(String(repeating: #"{"a":"#, count: 3) + "1}}}", maxDepth: 2) != nil)
    }
}
