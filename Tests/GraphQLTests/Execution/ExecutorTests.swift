import Testing

@testable import GraphQL

@Suite("Executor")
struct ExecutorTests {
    @Test("the only operation runs without a name")
    func onlyOperation() throws {
        #expect(try Kitchen.run("query Q { hello }") == #"{"data":{"hello":"world"}}"#)
    }

    @Test("an operation is selected by name")
    func operationByName() throws {
        let json = try Kitchen.run(
            "query A { a: hello } query B { b: hello }", operationName: "B")
        #expect(json == #"{"data":{"b":"world"}}"#)
    }

    @Test("several operations need a name")
    func nameRequired() throws {
        let json = try Kitchen.run("query A { hello } query B { hello }")
        #expect(
            json
                == #"{"errors":[{"message":"Must provide operation name if query contains multiple operations.","extensions":{"code":"OPERATION_RESOLUTION_FAILURE"}}]}"#
        )
    }

    @Test("an unknown operation name is a request error")
    func unknownOperation() throws {
        let json = try Kitchen.run("query A { hello }", operationName: "x")
        #expect(
            json
                == #"{"errors":[{"message":"Unknown operation named \"x\".","extensions":{"code":"OPERATION_RESOLUTION_FAILURE"}}]}"#
        )
    }

    @Test("a document without operations is a request error")
    func noOperation() throws {
        let result = try Kitchen.execute("fragment F on Query { hello }")
        #expect(!result.hasData)
        #expect(result.errors.map(\.message) == ["Must provide an operation."])
    }

    @Test("subscriptions are refused with a clear error")
    func subscriptions() throws {
        let result = try Kitchen.execute("subscription { hello }")
        #expect(!result.hasData)
        #expect(result.errors.map(\.message) == ["Subscriptions are not supported yet."])
        #expect(result.errors.first?.code == "BAD_REQUEST")
    }

    @Test("variables: given values, defaults, absent and explicit null")
    func variables() throws {
        let query = """
            query ($text: String, $count: Int = 3, $tags: [String]) {
              echo(text: $text, count: $count, tags: $tags)
            }
            """
        let given = try Kitchen.execute(
            query, variables: ["text": .string("hi"), "count": .int(1), "tags": .list([.string("a")])])
        #expect(given.data == .object(["echo": .string(#"{"text":"hi","count":1,"tags":["a"]}"#)]))
        let defaulted = try Kitchen.execute(query)
        #expect(defaulted.data == .object(["echo": .string(#"{"count":3}"#)]))
        let nulls = try Kitchen.execute(query, variables: ["text": .null, "count": .null])
        #expect(nulls.data == .object(["echo": .string(#"{"text":null,"count":null}"#)]))
    }

    @Test("an argument left out gets the field's default, a variable left out too")
    func argumentDefaults() throws {
        let result = try Kitchen.execute("query ($c: Int) { a: echo b: echo(count: $c) }")
        #expect(
            result.data
                == .object(["a": .string(#"{"count":7}"#), "b": .string(#"{"count":7}"#)]))
    }

    @Test("a bad variable value is a request error without data")
    func badVariable() throws {
        let result = try Kitchen.execute(
            "query ($n: Int!) { number(value: $n) }", variables: ["n": .string("x")])
        #expect(!result.hasData)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == "BAD_USER_INPUT")
    }

    @Test("mutation fields run one after another, each seeing the previous one's writes")
    func serialMutations() throws {
        let context = Kitchen.Context()
        let json = try Kitchen.run(
            "mutation { a: add(amount: 2) b: add(amount: 3) c: add(amount: -1) }",
            context: context)
        #expect(json == #"{"data":{"a":2,"b":5,"c":4}}"#)
    }

    @Test("a failed mutation field does not stop the next ones")
    func mutationFailure() throws {
        let json = try Kitchen.run("mutation { a: add(amount: 1) reject b: add(amount: 1) }")
        #expect(
            json
                == #"{"errors":[{"message":"Rejected","locations":[{"line":1,"column":30}],"path":["reject"],"extensions":{"code":"BAD_USER_INPUT"}}],"data":{"a":1,"reject":null,"b":2}}"#
        )
    }

    @Test("a failed non-null mutation field nulls data and the later ones do not run")
    func requiredMutationFailure() throws {
        let context = Kitchen.Context()
        let json = try Kitchen.run(
            "mutation { a: add(amount: 1) rejectRequired b: add(amount: 1) }", context: context)
        #expect(json.hasSuffix(#""data":null}"#), "\(json)")
        #expect(context.total == 1)
    }

    @Test("a schema without a mutation type refuses mutations")
    func missingRootType() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("a") { _, _ in 1 } }
        let bound = try resolvers.bind(to: SchemaBuilder.build(sdl: "type Query { a: Int }"))
        let document = try Parser.parse(Source("mutation { a }")).executable
        let result = bound.execute(document, context: ())
        #expect(result.data == .null)
        #expect(result.errors.map(\.message) == ["Schema is not configured to execute mutation operation."])
    }
}
