import Testing
@testable import GraphQL

struct SDLValidatorTests {
    @Test("a valid document has no errors")
    func validDocument() throws {
        let document = try TypeSystemFixtures.document("""
            directive @tag(name: String!) repeatable on OBJECT | FIELD_DEFINITION
            type Query @tag(name: "a") @tag(name: "b") { hello(to: String = "world"): String }
            extend type Query { bye: String @deprecated }
            """)
        #expect(SDLValidator.validate(document).isEmpty)
    }

    @Test("errors of all rules come out together in document order")
    func documentOrder() throws {
        let document = try TypeSystemFixtures.document("""
            type Query { a: Missing @unknown }
            type Query { b: String }
            """)
        #expect(TypeSystemFixtures.render(SDLValidator.validate(document)) == [
            "Unknown type \"Missing\". @ 1:17",
            "Unknown directive \"@unknown\". @ 1:25",
            "There can be only one type named \"Query\". @ 1:6, 2:6",
        ])
    }

    @Test("rules can be chosen one at a time, by graphql-js name with or without Rule")
    func namedRules() throws {
        #expect(SDLRule.named("UniqueTypeNamesRule")?.name == "UniqueTypeNames")
        #expect(SDLRule.named("KnownDirectives")?.name == "KnownDirectives")
        #expect(SDLRule.named("NoSuchRule") == nil)
        #expect(SDLRule.specified.count == 15)
        let document = try TypeSystemFixtures.document("type A { a: B } type A")
        let errors = SDLValidator.validate(document, rules: [.knownTypeNames])
        #expect(TypeSystemFixtures.render(errors) == ["Unknown type \"B\". Did you mean \"A\"? @ 1:13"])
    }

    @Test("suggestions are nearest first, then in natural order")
    func suggestions() {
        #expect(Suggestions.list(for: "D", among: ["A", "B", "ID", "Query"]) == ["A", "B", "ID"])
        #expect(Suggestions.list(for: "item10", among: ["item9", "item10x", "Item10"]) == ["Item10", "item10x", "item9"])
        #expect(Suggestions.didYouMean(["A", "B", "C", "D", "E", "F"]) == " Did you mean \"A\", \"B\", \"C\", \"D\", or \"E\"?")
        #expect(Suggestions.didYouMean([]) == "")
    }
}
