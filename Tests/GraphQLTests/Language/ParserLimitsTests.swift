import Testing

@testable import GraphQL

@Suite("Parser limits")
struct ParserLimitsTests {
    private static let depthMessage =
        "Syntax Error: Document is nested more than 200 levels deep. Parsing aborted."

    @Test("a document with more tokens than allowed fails at the first token too many")
    func tokenLimit() {
        let error = parseError("{ a b c d e }", limits: ParserLimits(maxTokens: 4, maxDepth: 10))
        #expect(error?.message == "Syntax Error: Document contains more than 4 tokens. Parsing aborted.")
        #expect(error?.locations == [SourceLocation(line: 1, column: 9)])
        #expect(parseError("{ a b c }", limits: ParserLimits(maxTokens: 5, maxDepth: 10)) == nil)
    }

    @Test("selection sets nested 100,000 deep fail with an error, not a stack overflow")
    func deepSelections() {
        let text = String(repeating: "{a", count: 100_000) + String(repeating: "}", count: 100_000)
        let error = parseError(text)
        #expect(error?.message == Self.depthMessage)
        #expect(error?.locations == [SourceLocation(line: 1, column: 401)])
    }

    @Test("list values nested 100,000 deep fail with an error")
    func deepLists() {
        let text = "{ a(x: " + String(repeating: "[", count: 100_000) + ") }"
        #expect(parseError(text)?.message == Self.depthMessage)
        let objects = "{ a(x: " + String(repeating: "{a:", count: 100_000) + ") }"
        #expect(parseError(objects)?.message == Self.depthMessage)
    }

    @Test("list types nested 100,000 deep fail with an error")
    func deepListTypes() {
        let text = "query ($v: " + String(repeating: "[", count: 100_000) + "Int"
            + String(repeating: "]", count: 100_000) + ") { a }"
        #expect(parseError(text)?.message == Self.depthMessage)
        #expect(throws: GraphQLError.self) {
            try Parser.parseType(Source(String(repeating: "[", count: 100_000)))
        }
    }

    @Test("a megabyte of [ fails with an error")
    func megabyteOfBrackets() {
        let text = String(repeating: "[", count: 1 << 20)
        #expect(throws: GraphQLError.self) { try Parser.parseValue(Source(text)) }
        #expect(parseError("{ a(x: " + text)?.message == Self.depthMessage)
    }

    @Test("nesting right at the limit parses")
    func atTheLimit() {
        let limits = ParserLimits(maxTokens: 100_000, maxDepth: 200)
        let text = String(repeating: "{a", count: 199) + "{a" + String(repeating: "}", count: 200)
        #expect(parseError(text, limits: limits) == nil)
        let value = "{ a(x: " + String(repeating: "[", count: 199) + String(repeating: "]", count: 199) + ") }"
        #expect(parseError(value, limits: limits) == nil)
    }
}
