import Testing

@testable import GraphQL

@Suite("JavaScript Number() of strings")
struct CoercionJavaScriptNumbersTests {
    @Test("numeric text reads as JavaScript reads it", arguments: [
        ("12", 12.0), (" 12\n", 12), ("-1.5e2", -150), (".5", 0.5), ("5.", 5), ("+3", 3), ("0x1F", 31),
        ("0b101", 5), ("0o17", 15), ("Infinity", .infinity), ("-Infinity", -.infinity), ("  ", 0),
    ] as [(String, Double)])
    func numbers(text: String, expected: Double) {
        #expect(BuiltInScalars.javaScriptNumber(text) == expected)
    }

    @Test("other text is NaN", arguments: ["abc", "1a", "1e", "0x", "-0x10", "1_000", "--1", ".", "nan", "inf"])
    func notNumbers(text: String) {
        #expect(BuiltInScalars.javaScriptNumber(text) == nil)
    }
}
