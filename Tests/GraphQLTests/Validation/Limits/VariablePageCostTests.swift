import Testing

@testable import GraphQL

/// A `first` that comes from a variable: a server does not refuse the document for the
/// largest page the variable could ask for, but measures each request with its values.
@Suite("Operation cost with page sizes from variables")
struct VariablePageCostTests {
    static let schema = costSchema("""
        type Query { nodes(first: Int = 20): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"]) }
        type Mutation { touch(first: Int): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"], requireOneSlicingArgument: false) }
        type Subscription { changed(first: Int): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"], requireOneSlicingArgument: false) }
        type Node {
          name: String, child: Node
          items(first: Int): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"], requireOneSlicingArgument: false)
        }
        """)

    /// `nodes(first: $n) { items(first: $n) { child { name } } }`: 1 + n × (1 + n × 1).
    static let nested = "query Nested($n: Int) { nodes(first: $n) { items(first: $n) { child { name } } } }"

    func document(_ text: String) throws -> Document {
        let document = try Parser.parse(Source(text))
        #expect(Validator.validate(document, schema: Self.schema).isEmpty, "the test document must be valid")
        return document
    }

    /// The per-request cost error of the document's first operation, or nil.
    func requestError(_ text: String, _ variables: [String: Value], limits: OperationLimits = .default) throws -> String? {
        let document = try document(text)
        let (errors, perRequestCost) = limits.checkDeferringVariableCost(document, schema: Self.schema)
        #expect(errors.isEmpty)
        let executable = document.executable
        return perRequestCost?.error(
            for: executable.operations[0], in: executable, schema: Self.schema,
            variables: ObjectValue(variables.map { ($0.key, $0.value) }))?.message
    }

    @Test("a cost over the limit only at the largest page is left to each request")
    func deferred() throws {
        let document = try document(Self.nested)
        // The document-only check still counts the largest page: 1 + 100 × 101 = 10,101.
        #expect(OperationLimits.default.check(document, schema: Self.schema).first?.message
            .hasPrefix("Operation \"Nested\" costs 10101, more than the limit of 10000;") == true)
        let (errors, perRequestCost) = OperationLimits.default.checkDeferringVariableCost(document, schema: Self.schema)
        #expect(errors.isEmpty)
        #expect(perRequestCost?.operations == [document.executable.operations[0].location.start])
    }

    @Test("each request is measured with the pages it asks for")
    func measuredPerRequest() throws {
        #expect(try requestError(Self.nested, ["n": .int(5)]) == nil)  // 1 + 5 × 6 = 31
        #expect(try requestError(Self.nested, ["n": .int(99)]) == nil)  // 1 + 99 × 100 = 9,901
        #expect(try requestError(Self.nested, ["n": .int(100)])?
            .hasPrefix("Operation \"Nested\" costs 10101, more than the limit of 10000;") == true)
        #expect(try requestError(Self.nested, ["n": .int(5)], limits: OperationLimits(maxCost: 30))?
            .hasPrefix("Operation \"Nested\" costs 31, more than the limit of 30;") == true)
    }

    @Test("no value, or null, counts the argument's default, as a resolver sees it")
    func defaults() throws {
        // nodes: its default 20; items: no default: its assumed size, 100.
        // 1 + 20 × (1 + 100 × 1) = 2,021
        let tight = OperationLimits(maxCost: 2020)
        #expect(try requestError(Self.nested, [:], limits: tight)?.contains("costs 2021,") == true)
        #expect(try requestError(Self.nested, ["n": .null], limits: tight)?.contains("costs 2021,") == true)
        #expect(try requestError(Self.nested, [:], limits: OperationLimits(maxCost: 2021)) == nil)
    }

    @Test("a literal page over the limit is still refused with the document")
    func literals() throws {
        let document = try document("query($n: Int) { nodes(first: 100) { items(first: 101) { child { name } } } a: nodes(first: $n) { name } }")
        let (errors, perRequestCost) = OperationLimits.default.checkDeferringVariableCost(document, schema: Self.schema)
        // 1 + 100 × 102 = 10,201 before the variable's page is even counted.
        #expect(errors.count == 1)
        #expect(perRequestCost == nil)
    }

    @Test("mutations are deferred too; subscriptions are measured with the document")
    func operationTypes() throws {
        let mutation = try document("mutation($n: Int) { touch(first: $n) { items(first: $n) { child { name } } } }")
        let deferred = OperationLimits.default.checkDeferringVariableCost(mutation, schema: Self.schema)
        #expect(deferred.errors.isEmpty && deferred.perRequestCost != nil)
        let subscription = try document("subscription($n: Int) { changed(first: $n) { items(first: $n) { child { name } } } }")
        let refused = OperationLimits.default.checkDeferringVariableCost(subscription, schema: Self.schema)
        #expect(refused.errors.count == 1)
        #expect(refused.perRequestCost == nil)
    }

    @Test("a fragment measured once still marks every operation that spreads it")
    func sharedFragment() throws {
        let text = """
            query A($n: Int) { nodes(first: 1) { ...Page } }
            query B($n: Int) { nodes(first: 1) { ...Page } }
            fragment Page on Node { items(first: $n) { items(first: $n) { child { name } } } }
            """
        let document = try document(text)
        let (errors, perRequestCost) = OperationLimits.default.checkDeferringVariableCost(document, schema: Self.schema)
        #expect(errors.isEmpty)
        #expect(perRequestCost?.operations.count == 2)
    }
}
