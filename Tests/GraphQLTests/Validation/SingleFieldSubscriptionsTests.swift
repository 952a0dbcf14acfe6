import Testing

@testable import GraphQL

@Suite("SingleFieldSubscriptionsRule and @skip/@include")
struct SingleFieldSubscriptionsTests {
    let schema: Schema

    init() throws {
        schema = try testSchema("type Query { a: Int } type Subscription { a: Int b: Int c: Int }")
    }

    func errors(_ text: String) throws -> [GraphQLError] {
        try validationErrors(text, schema: schema, rules: ["SingleFieldSubscriptionsRule"])
    }

    @Test("a root field left out by a literal @skip(if: true) or @include(if: false) is not counted")
    func literalConditions() throws {
        #expect(try errors("subscription { a b @skip(if: true) ... @include(if: false) { c } }").isEmpty)
        let extra = try errors("subscription S { a @include(if: false) b c }")
        #expect(extra.map(\.message) == ["Subscription \"S\" must select only one top level field."])
        #expect(extra.first?.locations.map(\.column) == [42])  // `c`: `a` is left out, `b` counts
    }

    @Test("a root field whose condition is a variable is counted")
    func variableConditions() throws {
        let extra = try errors("subscription S($v: Boolean!) { a b @skip(if: $v) }")
        #expect(extra.count == 1)
    }
}
