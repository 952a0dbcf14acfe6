import Testing

@testable import GraphQL

@Suite("Operation cost of Relay connections")
struct ConnectionCostTests {
    static let schema = try! SchemaBuilder.build(sdl: """
        type Query { orders(first: Int = 20): OrderConnection!, list(first: Int): [Order!]! }
        type OrderConnection { edges: [OrderEdge!]!, nodes: [Order!]!, totalCount: Int! }
        type OrderEdge { cursor: String!, node: Order! }
        type Order { id: ID!, lines: [Line!]! }
        type Line { name: String! }
        """)

    func cost(_ text: String) throws -> Int? {
        let document = try Parser.parse(Source(text))
        #expect(Validator.validate(document, schema: Self.schema).isEmpty, "the test document must be valid")
        let message = OperationLimits(maxCost: 0).check(document, schema: Self.schema).first?.message ?? ""
        guard let start = message.range(of: "costs ")?.upperBound,
            let end = message[start...].firstIndex(of: ",")
        else { return nil }
        return Int(message[start..<end])
    }

    @Test("a connection's first multiplies its page once: nodes and edges are that page, not another list")
    func pageCountedOnce() throws {
        // 1 + 5 × (1 [nodes] + 1 × (1 [id] + 1 + 10 × 1 [lines]))  = 1 + 5 × 13 = 66
        #expect(try cost("{ orders(first: 5) { nodes { id lines { name } } } }") == 66)
        // 1 + 5 × (1 [edges] + 1 × (1 + 1 [node] + (1 + 1 + 10 × 1)) + 1 [totalCount]) = 1 + 5 × 16 = 81
        #expect(try cost("{ orders(first: 5) { edges { cursor node { id lines { name } } } totalCount } }") == 81)
        // The same through a fragment on the connection.
        #expect(try cost("{ orders(first: 5) { ...Page } } fragment Page on OrderConnection { nodes { id lines { name } } }") == 66)
    }

    @Test("a list with first is still multiplied by it, and its item's lists by the default size")
    func listsUnchanged() throws {
        // 1 + 5 × (1 + 1 + 10 × 1) = 61
        #expect(try cost("{ list(first: 5) { id lines { name } } }") == 61)
    }
}
