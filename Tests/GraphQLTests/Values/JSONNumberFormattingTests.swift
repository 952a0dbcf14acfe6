import Testing

@testable import GraphQL

@Suite("JavaScript number text")
struct JSONNumberFormattingTests {
    @Test("layout follows Number.prototype.toString", arguments: [
        (1.0, "1"), (-1.0, "-1"), (0.5, "0.5"), (123.456, "123.456"), (1e21, "1e+21"),
        (1.5e21, "1.5e+21"), (1e-6, "0.000001"), (1.25e-7, "1.25e-7"), (-0.0, "0"),
        (1e300, "1e+300"), (2.5e-300, "2.5e-300"), (100.0, "100"), (1234.5e10, "12345000000000"),
    ])
    func layout(value: Double, expected: String) {
        #expect(JSONNumberFormatting.javaScriptText(value) == expected)
    }

    @Test("non-finite numbers print as JavaScript names them")
    func nonFinite() {
        #expect(JSONNumberFormatting.javaScriptText(.nan) == "NaN")
        #expect(JSONNumberFormatting.javaScriptText(.infinity) == "Infinity")
        #expect(JSONNumberFormatting.javaScriptText(-.infinity) == "-Infinity")
    }

    @Test("whole numbers are told from fractions without the C math library")
    func wholeNumbers() {
        #expect(3.0.isWholeNumber)
        #expect((-2147483648.0).isWholeNumber)
        #expect(1e300.isWholeNumber)
        #expect(!1.5.isWholeNumber)
        #expect(!Double.nan.isWholeNumber)
        #expect(!Double.infinity.isWholeNumber)
    }
}
