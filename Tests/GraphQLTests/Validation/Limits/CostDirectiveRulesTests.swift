import Testing

@testable import GraphQL

/// A schema that applies `@cost` or `@listSize` wrongly does not build: the measure would
/// otherwise count operations by something other than what the schema says.
@Suite("Schema rules for @cost and @listSize")
struct CostDirectiveRulesTests {
    func problems(_ sdl: String) -> [String] {
        do {
            _ = try SchemaBuilder.build(sdl: costDirectiveDefinitions + sdl)
            return []
        } catch {
            return error.errors.map(\.message)
        }
    }

    @Test("the applications are kept on the schema, from definitions and extensions alike")
    func kept() {
        let schema = costSchema("""
            type Query { items(first: Int = 5): [Item!]! @listSize(assumedSize: 50, slicingArguments: ["first"]) }
            type Item { name: String }
            extend type Item @cost(weight: "2.5")
            """)
        #expect(schema.cost.listSize(ofField: "items", on: "Query")
            == CostDirectives.ListSize(assumedSize: 50, slicingArguments: ["first"]))
        #expect(schema.cost.weight(ofType: "Item") == 2.5)
        guard case .object(let item)? = schema["Item"] else {
            Issue.record("no Item")
            return
        }
        #expect(item.appliedDirectives.map(\.name.value) == ["cost"])
    }

    @Test("a weight must be a number")
    func weight() {
        #expect(problems("type Query { a: Int @cost(weight: \"heavy\"), b: Int @cost(weight: \"-1.5e2\") }") == [
            "@cost on Query.a has weight \"heavy\", which is not a number; write a decimal number as a string, e.g. \"2.5\"."
        ])
        #expect(problems("type Query { a(x: Int @cost(weight: \"inf\")): Int }").count == 1)
    }

    @Test("slicing arguments must be Int arguments of the field")
    func slicingArguments() {
        #expect(problems("""
            type Query { a(first: String, n: Int): [Int] @listSize(slicingArguments: ["first", "last", "n"]) }
            """) == [
                "@listSize on Query.a names the slicing argument \"first\", which is String, not Int.",
                "@listSize on Query.a names the slicing argument \"last\", which the field does not have.",
            ])
    }

    @Test("a field that is no list must name sized fields, and they must be lists of its type")
    func sizedFields() {
        #expect(problems("""
            type Query { a: Page @listSize(assumedSize: 3), b: Page @listSize(assumedSize: 3, sizedFields: ["items", "count", "none"]) }
            type Page { items: [Int!]!, count: Int }
            """) == [
                "@listSize on Query.a, which is not a list, names no sizedFields.",
                "@listSize on Query.b names the sized field \"count\", which is Int, not a list.",
                "@listSize on Query.b names the sized field \"none\", which Page does not have.",
            ])
    }

    @Test("an assumed size is not negative")
    func assumedSize() {
        #expect(problems("type Query { a: [Int] @listSize(assumedSize: -1) }") == [
            "@listSize on Query.a has a negative assumedSize."
        ])
    }

    @Test("the directives must be declared, like any other")
    func declared() throws {
        #expect(throws: SchemaErrors.self) {
            _ = try SchemaBuilder.build(sdl: "type Query { a: [Int] @listSize(assumedSize: 1) }")
        }
    }
}
