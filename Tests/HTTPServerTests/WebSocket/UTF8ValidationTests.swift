import Testing
@testable import HTTPServer

@Suite("UTF-8 checked piece by piece")
struct UTF8ValidationTests {
    static func valid(_ bytes: [UInt8]) -> Bool {
        var validation = UTF8Validation()
        return validation.consume(bytes) && validation.isAtBoundary
    }

    @Test("every well-formed sequence passes, split at every byte")
    func wellFormedSplitAnywhere() {
        let text = Array("a é € 𝄞 中文 \u{10FFFF} \u{FFFD}".utf8)
        #expect(Self.valid(text))
        for split in 0...text.count {
            var validation = UTF8Validation()
            let first = validation.consume(Array(text[..<split]))
            let second = validation.consume(Array(text[split...]))
            #expect(first && second && validation.isAtBoundary, "split at \(split)")
        }
    }

    @Test("overlong forms, surrogates, values past U+10FFFF and stray bytes fail", arguments: [
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],  // overlong
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // surrogates
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],  // too high
        [0x80], [0xBF], [0xE2, 0x82, 0x41],  // stray continuation, broken sequence
    ] as [[UInt8]])
    func illFormed(_ bytes: [UInt8]) {
        var validation = UTF8Validation()
        let passed = validation.consume(bytes)
        #expect(!passed)
    }

    @Test("a sequence cut short is not at a boundary, though nothing so far is wrong")
    func truncated() {
        var validation = UTF8Validation()
        let passed = validation.consume([0x61, 0xE2, 0x82])
        #expect(passed && !validation.isAtBoundary)
    }

    @Test("a bad byte fails at once, before the rest of the message")
    func failsFast() {
        var validation = UTF8Validation()
        let start = validation.consume(Array("hello ".utf8))
        let rest = validation.consume([0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80])
        #expect(start && !rest)
    }
}
