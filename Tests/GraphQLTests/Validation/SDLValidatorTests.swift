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

    /// A document breaking every rule at once; the expected list is graphql-core's
    /// `validate_sdl` output in graphql-js's words (graphql-core places a definition without
    /// description at the end of the previous line; graphql-js, like Kitchen, at its start).
    @Test("all fifteen rules together report in graphql-js's order")
    func everyRuleAtOnce() throws {
        let document = try TypeSystemFixtures.document("""
            schema @onFoo { query: Q query: Q2 }
            schema { mutation: M }
            directive @d(a: Int!, a: String) repeatable on FIELD_DEFINITION | OBJECT
            directive @d on QUERY
            directive @nr on FIELD_DEFINITION | ENUM_VALUE | ARGUMENT_DEFINITION
            type Q implements Missing @d(a: 1) @d(a: 2, b: 3) @deprecated {
              f(x: Int @nr @nr, x: Strin = 1): Q @nr @nr @skip(if: true)
              f: Int @deprecated(reason: "a", reason: "b") @d(a: {o: 1, o: 2})
            }
            type Q { g: Int }
            extend type Nope { h: Int }
            extend union Q = A
            enum E { A A B }
            extend enum E { B C }
            input I { a: I2 = {x: 1, x: 2} b: Int c: Int }
            extend input I { c: Int }
            union U = Q | Q3
            scalar S @specifiedBy(uri: "x")
            extend scalar S @specifiedBy(url: "y")
            """)
        #expect(TypeSystemFixtures.render(SDLValidator.validate(document)) == [
            "There can be only one query type in schema. @ 1:17, 1:26",
            "Unknown directive \"@onFoo\". @ 1:8",
            "Unknown type \"Q2\". Did you mean \"Q\"? @ 1:33",
            "Must provide only one schema definition. @ 2:1",
            "Unknown type \"M\". Did you mean \"E\", \"I\", \"Q\", \"S\", or \"U\"? @ 2:20",
            "Argument \"@d(a:)\" can only be defined once. @ 3:14, 3:23",
            "There can be only one directive named \"@d\". @ 3:12, 4:12",
            "Field \"Q.f\" can only be defined once. @ 7:3, 8:3",
            "Argument \"Q.f(x:)\" can only be defined once. @ 7:5, 7:21",
            "The directive \"@d\" can only be used once at this location. @ 6:27, 6:36",
            "Unknown type \"Missing\". @ 6:19",
            "Directive \"@d\" may not be used on OBJECT. @ 6:27",
            "Unknown argument \"a\" on directive \"@d\". @ 6:30",
            "Directive \"@d\" may not be used on OBJECT. @ 6:36",
            "Unknown argument \"a\" on directive \"@d\". @ 6:39",
            "Unknown argument \"b\" on directive \"@d\". @ 6:45",
            "Directive \"@deprecated\" may not be used on OBJECT. @ 6:51",
            "The directive \"@nr\" can only be used once at this location. @ 7:38, 7:42",
            "The directive \"@nr\" can only be used once at this location. @ 7:12, 7:16",
            "Unknown type \"Strin\". Did you mean \"String\"? @ 7:24",
            "Directive \"@skip\" may not be used on FIELD_DEFINITION. @ 7:46",
            "There can be only one argument named \"reason\". @ 8:22, 8:35",
            "Directive \"@d\" may not be used on FIELD_DEFINITION. @ 8:48",
            "Unknown argument \"a\" on directive \"@d\". @ 8:51",
            "There can be only one input field named \"o\". @ 8:55, 8:61",
            "There can be only one type named \"Q\". @ 6:6, 10:6",
            "Cannot extend type \"Nope\" because it is not defined. @ 11:13",
            "Cannot extend non-union type \"Q\". @ 10:1, 12:1",
            "Unknown type \"A\". Did you mean \"E\", \"I\", \"Q\", \"S\", or \"U\"? @ 12:18",
            "Enum value \"E.A\" can only be defined once. @ 13:10, 13:12",
            "Enum value \"E.B\" can only be defined once. @ 13:14, 14:17",
            "Unknown type \"I2\". Did you mean \"I\" or \"ID\"? @ 15:14",
            "There can be only one input field named \"x\". @ 15:20, 15:26",
            "Field \"I.c\" can only be defined once. @ 15:39, 16:18",
            "Unknown type \"Q3\". Did you mean \"Q\"? @ 17:15",
            "Unknown argument \"uri\" on directive \"@specifiedBy\". Did you mean \"url\"? @ 18:23",
            "Directive \"@specifiedBy\" argument \"url\" of type \"String!\" is required, but it was not provided. @ 18:10",
            "The directive \"@specifiedBy\" can only be used once at this location. @ 18:10, 19:17",
        ])
    }
}
