import Foundation
import Testing

@testable import GraphQL

@Suite("Printer")
struct PrinterTests {
    /// Documents whose printed form is kept in `Golden/<name>.graphql`. Run with
    /// `KITCHEN_UPDATE_GOLDEN=1` to rewrite those files; the test then fails so that the
    /// rewrite gets reviewed.
    static let goldenDocuments: [String: String] = [
        "operations": #"""
            query Recipes($first: Int = 10, $after: String, $filter: RecipeFilter = {tags: ["quick", "vegan"], maxMinutes: 30}) @cached(ttl: 60) {
              recipes(first: $first, after: $after, filter: $filter, orderBy: {field: CREATED_AT, direction: DESC}) {
                edges { cursor node { id, title ... on Recipe { minutes } ...RecipeParts @defer } }
                pageInfo { hasNextPage }
              }
            }
            "Adds a recipe"
            mutation Add("the new recipe" $input: RecipeInput!) { addRecipe(input: $input) { id } }
            """
            Watches one kitchen.
            Two lines.
            """
            subscription ($id: ID!) { orders(kitchen: $id) { id status } }
            query { a }
            query Named { a }
            fragment RecipeParts on Recipe @tag(name: "parts") { steps(first: 100) { text durationSeconds notes(preferred: ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccc"]) } }
            """#,
        "values": #"""
            {
              scalars(i: -0, f: 1.5e-3, s: "quote \" slash \\ newline \n tab \t bell \u0007 é 😀", b: true, n: null, e: RED)
              block(s: """
                indented
                  more
              """, single: """one line""", awkward: """ends with a quote" """)
              lists(empty: [], nested: [[1, 2], [3]], long: ["one long string value", "another long string value", "and a third"])
              objects(empty: {}, nested: {a: {b: {c: 1}}}, long: {first: "one long string value", second: "another long one"})
              variables(v: $v, inList: [$a, $b], inObject: {x: $x})
            }
            """#,
        "schema": #"""
            """The root of everything."""
            schema @link(url: "https://example.com") { query: Query mutation: Mutation }
            "Free text with a \"quote\"."
            scalar DateTime @specifiedBy(url: "https://example.com/datetime")
            """
            A recipe.
              Indented second line.
            """
            type Recipe implements Node & Timestamped @key(fields: "id") {
              id: ID!
              "The title."
              title(locale: String = "en", "whether to fall back" fallback: Boolean = true): String @deprecated(reason: "use name")
              steps(
                """
                How many.
                """
                first: Int = 10
                after: String
              ): [Step!]!
            }
            interface Node { id: ID! }
            interface Timestamped implements Node { id: ID! createdAt: DateTime! }
            union SearchResult @tag = | Recipe | Ingredient
            enum Unit { "grams" GRAM @deprecated KILOGRAM
            """
            Millilitres.
            """
            MILLILITRE }
            input RecipeInput @oneOf { title: String, tags: [String!] = ["a", "b"] @deprecated }
            directive @cached(ttl: Int = 60, "scope" scope: Scope) repeatable on | QUERY | FIELD
            extend schema @tag { subscription: Subscription }
            extend scalar DateTime @tag
            extend type Recipe implements Labelled @tag { labels: [String!]! }
            extend interface Node @tag
            extend union SearchResult = Kitchen
            extend enum Unit { LITRE }
            extend input RecipeInput { notes: String }
            """#,
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Golden")

    @Test("documents print as their golden files say", arguments: goldenDocuments.keys.sorted())
    func golden(name: String) throws {
        let printed = Printer.print(try parsed(try #require(Self.goldenDocuments[name]))) + "\n"
        let file = Self.goldenDirectory.appendingPathComponent(name + ".graphql")
        if ProcessInfo.processInfo.environment["KITCHEN_UPDATE_GOLDEN"] == "1" {
            try printed.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(file.lastPathComponent); review the change and run again")
            return
        }
        #expect(printed == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test("printing is idempotent", arguments: goldenDocuments.keys.sorted())
    func idempotent(name: String) throws {
        let once = Printer.print(try parsed(try #require(Self.goldenDocuments[name])))
        #expect(Printer.print(try parsed(once)) == once)
    }

    @Test("an anonymous query without variables or directives prints as shorthand")
    func shorthand() throws {
        #expect(Printer.print(try parsed("query { a }")) == "{\n  a\n}")
        #expect(Printer.print(try parsed("query @d { a }")) == "query @d {\n  a\n}")
        #expect(Printer.print(try parsed("mutation { a }")) == "mutation {\n  a\n}")
    }

    @Test("strings escape quotes, backslashes and control characters, JSON-style")
    func strings() {
        #expect(Printer.printString("plain é 😀") == "\"plain é 😀\"")
        #expect(Printer.printString("\"\\/") == #""\"\\/""#)
        #expect(Printer.printString("\u{8}\u{C}\n\r\t") == #""\b\f\n\r\t""#)
        #expect(Printer.printString("\u{0}\u{1F}\u{7F}\u{9F}\u{A0}") == "\"\\u0000\\u001F\\u007F\\u009F\u{A0}\"")
    }

    @Test("long argument lists, lists and objects wrap at 80 characters")
    func wrapping() throws {
        let short = try Parser.parseValue(Source("[1, 2]"))
        #expect(Printer.print(short) == "[1, 2]")
        let long = try Parser.parseValue(Source("[" + Array(repeating: "123456789", count: 8).joined(separator: ", ") + "]"))
        #expect(Printer.print(long) == "[\n" + Array(repeating: "  123456789", count: 8).joined(separator: "\n") + "\n]")
        let object = try Parser.parseConstValue(Source("{a: \"" + String(repeating: "x", count: 80) + "\"}"))
        #expect(Printer.print(object) == "{\n  a: \"" + String(repeating: "x", count: 80) + "\"\n}")
    }

    @Test("printed strings lex back to the same value")
    func stringRoundTrip() throws {
        for value in ["", "plain", "\u{0}\u{1F}\u{7F}\u{9F}", "quote \" back \\ slash /", "é 中文 😀", "\r\n\t"] {
            #expect(try stringValue(Printer.printString(value)) == value)
        }
    }

    @Test("the typed document views print like the whole document")
    func typedViews() throws {
        let executable = try parsed("query Q { a } fragment F on T { b }")
        #expect(Printer.print(executable.executable) == Printer.print(executable))
        let schema = try parsed("type T { a: Int } extend type T @d")
        #expect(Printer.print(schema.typeSystem) == Printer.print(schema))
    }

    @Test("types print with their wrappers")
    func types() throws {
        #expect(Printer.print(try Parser.parseType(Source("[ [ Int ! ] ] !"))) == "[[Int!]]!")
    }
}
