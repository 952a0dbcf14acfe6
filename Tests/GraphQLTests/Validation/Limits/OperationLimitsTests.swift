import Testing

@testable import GraphQL

@Suite("Operation limits")
struct OperationLimitsTests {
    static let schema = costSchema("""
        directive @tag(name: String) repeatable on FIELD
        type Query { node: Node, nodes(first: Int = 20): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"]) }
        type Node {
          name: String, child: Node, tags: [String!]!
          items(first: Int): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"], requireOneSlicingArgument: false)
        }
        """)

    func errors(_ text: String, _ limits: OperationLimits = .default) throws -> [String] {
        let document = try Parser.parse(Source(text))
        #expect(Validator.validate(document, schema: Self.schema).isEmpty, "the test document must be valid")
        return limits.check(document, schema: Self.schema).map(\.message)
    }

    static func nested(_ depth: Int) -> String {
        "{ node " + String(repeating: "{ child ", count: depth - 2) + "{ name }" + String(repeating: " }", count: depth - 2) + " }"
    }

    @Test("depth up to the limit passes; one more is refused with the depth it found")
    func depth() throws {
        #expect(try errors(Self.nested(12)).isEmpty)
        #expect(try errors(Self.nested(13)) == ["The operation is nested 13 levels deep; the limit is 12."])
    }

    @Test("depth counts through fragments")
    func depthThroughFragments() throws {
        let text = "query Deep { node { ...A } } fragment A on Node { child { child { name } } }"
        #expect(try errors(text, OperationLimits(maxDepth: 3)) == ["Operation \"Deep\" is nested 4 levels deep; the limit is 3."])
    }

    @Test("aliases are counted across the operation")
    func aliases() throws {
        let fields = (0..<31).map { "a\($0): node { name }" }.joined(separator: " ")
        #expect(try errors("{ \(fields) }") == ["The operation uses 31 aliases; the limit is 30."])
        let thirty = (0..<30).map { "a\($0): node { name }" }.joined(separator: " ")
        #expect(try errors("{ \(thirty) }").isEmpty)
    }

    @Test("too many directives on one field are refused where they stand")
    func directives() throws {
        let tags = String(repeating: "@tag ", count: 51)
        let document = try Parser.parse(Source("{\n  node \(tags){ name } }"))
        let found = OperationLimits.default.check(document, schema: Self.schema)
        #expect(found.map(\.message) == ["51 directives on one location; the limit is 50."])
        #expect(found.first?.locations == [SourceLocation(line: 2, column: 3)])
    }

    @Test("lists multiply the cost of their selections by first")
    func cost() throws {
        // 1 + 100 × (1 + 100 × 1) = 10,101
        #expect(try errors("{ nodes(first: 100) { items(first: 100) { child { name } } } }").first?
            .hasPrefix("The operation costs 10101, more than the limit of 10000;") == true)
        // 1 + 50 × (1 + 50 × 1) = 2,551
        #expect(try errors("{ nodes(first: 50) { items(first: 50) { child { name } } } }").isEmpty)
        // the schema's default first (20), and the assumed size (100) for a list whose
        // first has no default: 1 + 20 × (1 + 100 × 1) = 2,021
        #expect(try errors("{ nodes { items { child { name } } } }", OperationLimits(maxCost: 2020)).count == 1)
        #expect(try errors("{ nodes { items { child { name } } } }", OperationLimits(maxCost: 2021)).isEmpty)
    }

    @Test("a first that comes from a variable counts as the largest page")
    func variableFirst() throws {
        let text = "query($n: Int) { nodes(first: $n) { items(first: $n) { child { name } } } }"
        #expect(try errors(text).count == 1)
    }

    @Test("a fragment spread a thousand times is measured once and counted each time")
    func repeatedFragments() throws {
        let spreads = String(repeating: "...F ", count: 1000)
        let text = "{ node { \(spreads) } } fragment F on Node { child { name } }"
        #expect(try errors(text, OperationLimits(maxCost: 1000)).first?.hasPrefix("The operation costs 1001,") == true)
    }

    @Test("introspection is bounded by the schema, not by these limits")
    func introspection() throws {
        let ofTypes = String(repeating: "ofType { ", count: 8) + "name" + String(repeating: " }", count: 8)
        let text = "{ __schema { types { fields { type { \(ofTypes) } } } } }"
        #expect(try errors(text, OperationLimits(maxDepth: 3, maxCost: 5)).isEmpty)
    }
}
