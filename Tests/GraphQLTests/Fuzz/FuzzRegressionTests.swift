import Testing
import GraphQL

/// Inputs libFuzzer found (Fuzz/, see Fuzz/README.md), each kept as a test of the property
/// its target checks.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The `parse` target's property: printing the parse of printed text gives the same text.
    func expectStableRoundTrip(_ bytes: [UInt8]) throws {
        let printed = Printer.print(try Parser.parse(Source(bytes: bytes)))
        let reprinted = Printer.print(try Parser.parse(Source(printed)))
        #expect(reprinted == printed)
    }

    @Test("an anonymous query after a type without fields is not printed as that type's fields")
    func shorthandAfterTypeDefinition() throws {
        // crash-d1178ffa (parse): a description with a raw NUL, `type A`, then `query {y: eo}`.
        let input: [UInt8] = [
            0x22, 0x2C, 0x62, 0x00, 0x6C, 0x6F, 0x5C, 0x75, 0x7B, 0x31, 0x46, 0x36, 0x30, 0x30,
            0x7D, 0x61, 0x74, 0x22, 0x0A, 0x74, 0x79, 0x70, 0x65, 0x20, 0x41, 0x20, 0x71, 0x75,
            0x65, 0x72, 0x79, 0x20, 0x7B, 0x79, 0x3A, 0x20, 0x65, 0x6F, 0x7D, 0x0A,
        ]
        try expectStableRoundTrip(input)
        #expect(Printer.print(try Parser.parse(Source("type A query { y: eo }"))) == "type A\n\nquery {\n  y: eo\n}")
        #expect(Printer.print(try Parser.parse(Source("scalar S\n{ a }"))) == "scalar S\n\nquery {\n  a\n}")
        // Alone, or after an executable definition, the shorthand stays.
        #expect(Printer.print(try Parser.parse(Source("query { a }"))) == "{\n  a\n}")
        #expect(Printer.print(try Parser.parse(Source("fragment F on T { a } query { b }")))
            == "fragment F on T {\n  a\n}\n\n{\n  b\n}")
    }
}
