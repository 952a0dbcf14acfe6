import Testing

@testable import GraphQL

/// The cost directives specification's own examples (its sections "Example" and "Field
/// Cost"), each with the field cost the specification gives.
@Suite("Operation cost: the cost directives specification's examples")
struct CostSpecificationTests {
    @Test("users(max: 5) { age }: one list of five users, each age weighing 2")
    func example() throws {
        let schema = costSchema("""
            type User { name: String, age: Int @cost(weight: "2.0") }
            type Query { users(max: Int): [User] @listSize(slicingArguments: ["max"]) }
            """)
        #expect(try measuredCost("query Example { users(max: 5) { age } }", schema) == "11")
    }

    static let topProducts = costSchema("""
        input Approximate { field: Boolean! }
        input Filter { field: Boolean, approx: Approximate @cost(weight: "-12.0") }
        type Query {
          topProducts(filter: Filter @cost(weight: "15.0")): [String] @cost(weight: "5.0") @listSize(assumedSize: 10)
        }
        """)

    @Test("an argument's weight counts only when the argument is given")
    func argumentWeights() throws {
        #expect(try measuredCost("{ topProducts }", Self.topProducts) == "5")
        #expect(try measuredCost("{ topProducts(filter: { field: true }) }", Self.topProducts) == "20")
        #expect(try measuredCost("{ topProducts(filter: null) }", Self.topProducts) == "5")
    }

    @Test("an input field's weight counts when the field is given, however deep")
    func inputFieldWeights() throws {
        #expect(try measuredCost("{ topProducts(filter: { approx: { field: true } }) }", Self.topProducts) == "8")
    }

    @Test("a negative weight lowers the cost")
    func negativeWeights() throws {
        let schema = costSchema("""
            input Approximate { field: Boolean! }
            type Product { field: Boolean! }
            type Query { mostPopularProduct(approx: Approximate @cost(weight: "-3.0")): Product @cost(weight: "5.0") }
            """)
        #expect(try measuredCost("{ mostPopularProduct { field } }", schema) == "5")
        #expect(try measuredCost("{ mostPopularProduct(approx: { field: true }) { field } }", schema) == "2")
    }

    @Test("a directive argument's weight counts where the operation uses it")
    func directiveArguments() throws {
        let schema = costSchema("""
            directive @approx(tolerance: Float! @cost(weight: "-1.0")) on FIELD
            type Query { example: [String] @cost(weight: "5.0") }
            """)
        #expect(try measuredCost("{ example }", schema) == "5")
        #expect(try measuredCost("{ example @approx(tolerance: 0) }", schema) == "4")
    }

    @Test("weights may be fractions; the cost says so")
    func fractions() throws {
        let schema = costSchema("""
            type Item { price: Int @cost(weight: "0.25") }
            type Query { items: [Item!]! @listSize(assumedSize: 3) }
            """)
        // 1 + 3 × 0.25
        #expect(try measuredCost("{ items { price } }", schema) == "1.75")
    }

    @Test("without directives an object costs 1, a scalar 0, and a list the default size")
    func defaults() throws {
        let schema = costSchema("""
            enum Color { RED }
            type Pet { name: String, color: Color, friend: Pet }
            type Query { pets: [Pet!]!, pet: Pet }
            """)
        #expect(try measuredCost("{ pet { name color } }", schema) == "1")
        #expect(try measuredCost("{ pet { friend { name } } }", schema) == "2")
        // 1 + 10 × (1 [friend])
        #expect(try measuredCost("{ pets { name friend { name } } }", schema) == "11")
        #expect(try measuredCost("{ __typename pet { __typename } }", schema) == "1")
    }

    @Test("@cost on a type weighs every field of that type, unless the field has its own")
    func typeWeights() throws {
        let schema = costSchema("""
            scalar Big @cost(weight: "3")
            type Money @cost(weight: "0") { cents: Int }
            type Query { price: Money, total: Money @cost(weight: "2"), blob: Big }
            """)
        #expect(try measuredCost("{ price { cents } }", schema) == "0")
        #expect(try measuredCost("{ total { cents } }", schema) == "2")
        #expect(try measuredCost("{ blob }", schema) == "3")
    }
}
