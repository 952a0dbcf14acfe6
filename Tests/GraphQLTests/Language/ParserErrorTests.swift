import Testing

@testable import GraphQL

@Suite("Parser: syntax errors")
struct ParserErrorTests {
    /// Each case: a document with `▸` where the error points, and graphql-js 16's message
    /// (graphql-js 17's where the September 2025 edition allows more than 16 did).
    static let cases: [(String, String)] = [
        ("▸", "Unexpected <EOF>."),
        ("{▸", "Expected Name, found <EOF>."),
        ("{▸}", "Expected Name, found \"}\"."),
        ("query▸", "Expected \"{\", found <EOF>."),
        ("query Q(▸) { a }", "Expected \"$\", found \")\"."),
        ("{ a(▸) }", "Expected Name, found \")\"."),
        ("{ a(b: ▸) }", "Unexpected \")\"."),
        ("{ a }▸}", "Unexpected \"}\"."),
        ("▸mutationx { a }", "Unexpected Name \"mutationx\"."),
        ("{ ...on ▸}", "Expected Name, found \"}\"."),
        ("{ ... on on ▸}", "Expected \"{\", found \"}\"."),
        ("fragment ▸on on T { a }", "Unexpected Name \"on\"."),
        ("fragment F ▸T { a }", "Expected \"on\", found Name \"T\"."),
        ("query Q($x: Int = ▸$y) { a }", "Unexpected variable \"$y\" in constant value."),
        ("type T @a(b: ▸$c)", "Unexpected variable \"$c\" in constant value."),
        ("input I { a: Int = ▸$v }", "Unexpected variable \"$v\" in constant value."),
        ("query Q($x: Int = ▸$) { a }", "Unexpected \"$\"."),
        ("type Foo {▸}", "Expected Name, found \"}\"."),
        ("type Foo { a(▸): Int }", "Expected Name, found \")\"."),
        ("enum E { ▸true }", "Name \"true\" is reserved and cannot be used for an enum value."),
        ("enum E { ▸false }", "Name \"false\" is reserved and cannot be used for an enum value."),
        ("enum E { ▸null }", "Name \"null\" is reserved and cannot be used for an enum value."),
        ("extend type Foo▸", "Unexpected <EOF>."),
        ("extend scalar Foo▸", "Unexpected <EOF>."),
        ("extend schema▸", "Unexpected <EOF>."),
        ("extend union U ▸{ }", "Unexpected \"{\"."),
        ("extend ▸foo X", "Unexpected Name \"foo\"."),
        ("▸\"d\" extend type Foo @a", "Unexpected description, only GraphQL definitions support descriptions."),
        ("▸\"d\" { a }", "Unexpected description, descriptions are not supported on shorthand queries."),
        ("▸\"d\" foo", "Unexpected description, only GraphQL definitions support descriptions."),
        ("\"d\" ▸[", "Unexpected \"[\"."),
        ("directive @a on ▸FOO", "Unexpected Name \"FOO\"."),
        ("directive @a(x: Int) ▸FIELD", "Expected \"on\", found Name \"FIELD\"."),
        ("schema { ▸foo: Bar }", "Unexpected Name \"foo\"."),
        ("schema ▸", "Expected \"{\", found <EOF>."),
        ("union U = | ▸", "Expected Name, found <EOF>."),
        ("{ a(x: \"s\" ▸\"t\") }", "Expected Name, found String \"t\"."),
        ("{ a(x: 1 ▸2) }", "Expected Name, found Int \"2\"."),
        ("query Q(\n  $a: Int\n  ▸b: Int\n) { a }", "Expected \"$\", found Name \"b\"."),
        ("{ a ▸? }", "Unexpected character: \"?\"."),
        ("type T { f: [Int ▸}", "Expected \"]\", found \"}\"."),
    ]

    @Test("syntax errors carry graphql-js's message and the right line and column", arguments: cases)
    func syntaxErrors(marked: String, message: String) throws {
        let (text, location) = unmark(marked)
        let error = try #require(parseError(text), "\(text) parsed")
        #expect(error.message == "Syntax Error: " + message)
        #expect(error.locations == [try #require(location)])
        #expect(error.code == "GRAPHQL_PARSE_FAILED")
    }

    @Test("a standalone value must be the whole source")
    func trailingTokens() {
        #expect(throws: GraphQLError("Syntax Error: Expected <EOF>, found Int \"2\".",
                                     locations: [SourceLocation(line: 1, column: 3)],
                                     code: .parseFailed)) {
            try Parser.parseValue(Source("1 2"))
        }
        #expect(throws: GraphQLError("Syntax Error: Expected \"]\", found <EOF>.",
                                     locations: [SourceLocation(line: 1, column: 5)],
                                     code: .parseFailed)) {
            try Parser.parseType(Source("[Int"))
        }
    }
}
