import Testing

@testable import GraphQL

@Suite("Operation cost: @listSize on connections and lists")
struct ConnectionCostTests {
    static let schema = costSchema("""
        type Query {
          orders(first: Int = 20, last: Int): OrderConnection!
            @listSize(assumedSize: 100, slicingArguments: ["first"], sizedFields: ["edges", "nodes"])
          recent(first: Int, last: Int): [Order!]!
            @listSize(assumedSize: 50, slicingArguments: ["first", "last"], requireOneSlicingArgument: false)
          strict(first: Int): [Order!]! @listSize(slicingArguments: ["first"])
          unsized: [Order!]!
        }
        type OrderConnection { edges: [OrderEdge!]!, nodes: [Order!]!, totalCount: Int! @cost(weight: "1") }
        type OrderEdge { cursor: String!, node: Order! }
        type Order { id: ID!, lines: [Line!]! @listSize(assumedSize: 4) }
        type Line { name: String!, product: Product! }
        type Product { name: String! }
        """)

    func cost(_ text: String) throws -> String? { try measuredCost(text, Self.schema) }

    @Test("a connection's first sizes its nodes and edges, and only them")
    func sizedFields() throws {
        // orders 1 + nodes (1 + 5 × lines (1 + 4 × product 1)) = 1 + 1 + 25 = 27
        #expect(try cost("{ orders(first: 5) { nodes { id lines { product { name } } } } }") == "27")
        // orders 1 + edges (1 + 5 × node (1 + 5)) + totalCount 1 = 1 + 31 + 1 = 33
        #expect(try cost("{ orders(first: 5) { edges { cursor node { id lines { product { name } } } } totalCount } }") == "33")
        // The same through a fragment on the connection, and an inline fragment.
        #expect(try cost("{ orders(first: 5) { ...Page } } fragment Page on OrderConnection { nodes { id lines { product { name } } } }") == "27")
        #expect(try cost("{ orders(first: 5) { ... on OrderConnection { nodes { lines { product { name } } } } } }") == "27")
    }

    @Test("a slicing argument left out counts its default; a variable counts assumedSize")
    func defaultsAndVariables() throws {
        // 1 + 1 + 20 × 5
        #expect(try cost("{ orders { nodes { lines { product { name } } } } }") == "102")
        // 1 + 1 + 100 × 5
        #expect(try cost("query($n: Int) { orders(first: $n) { nodes { lines { product { name } } } } }") == "502")
    }

    @Test("several slicing arguments: the largest counts; none given: assumedSize")
    func severalSlicingArguments() throws {
        // 1 + 7 × 5
        #expect(try cost("{ recent(first: 3, last: 7) { lines { product { name } } } }") == "36")
        #expect(try cost("{ recent { lines { product { name } } } }") == "251")
    }

    @Test("a list without @listSize counts the default list size, 10")
    func unsized() throws {
        #expect(try cost("{ unsized { lines { product { name } } } }") == "51")
    }

    @Test("requireOneSlicingArgument: a list without one of its slicing arguments is refused")
    func requireOneSlicingArgument() throws {
        let document = try Parser.parse(Source("{ strict { id } }"))
        let errors = OperationLimits.default.check(document, schema: Self.schema)
        #expect(errors.map(\.message) == [
            "Field \"strict\" must be given exactly one of its slicing arguments (\"first\"), which say how many items it returns; it was given none."
        ])
        #expect(errors.first?.locations == [SourceLocation(line: 1, column: 3)])
        #expect(OperationLimits.default.check(try Parser.parse(Source("{ strict(first: 2) { id } }")), schema: Self.schema).isEmpty)
        // The connection's default counts as given; a null asks for the default too.
        #expect(OperationLimits.default.check(try Parser.parse(Source("{ orders { totalCount } }")), schema: Self.schema).isEmpty)
    }

    @Test("the refusal names the cost, the limit and the costliest list, with its sizes")
    func costliestField() throws {
        let document = try Parser.parse(Source("""
            query Heavy { orders(first: 100) { nodes { id lines { name product { name } } } totalCount } }
            """))
        let message = OperationLimits(maxCost: 300).check(document, schema: Self.schema).first?.message
        // 1 + (1 + 100 × (1 + 4 × 1)) + 1 = 503; the lines hold 400 products at 1 each.
        #expect(message?.hasPrefix(
            "Operation \"Heavy\" costs 503, more than the limit of 300; the costliest field is "
                + "orders.nodes.lines (400: its selections cost 1 for each of up to 400 items (100 × 4)). ") == true)
    }

    @Test("an operation without lists names its costliest root field")
    func costliestRootField() throws {
        let schema = costSchema("type Query { cheap: Int, dear: Int @cost(weight: \"30\") }")
        let document = try Parser.parse(Source("{ cheap dear }"))
        let message = OperationLimits(maxCost: 20).check(document, schema: schema).first?.message
        #expect(message?.hasPrefix("The operation costs 30, more than the limit of 20; the costliest field is dear (30). ") == true)
    }
}
