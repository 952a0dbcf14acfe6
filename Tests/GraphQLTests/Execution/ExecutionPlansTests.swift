import Testing

@testable import GraphQL

@Suite("Execution plans kept on a prepared document")
struct ExecutionPlansTests {
    static let query = """
        query Q($withAuthor: Boolean!, $skipSteps: Boolean = false) {
          recipes(first: 2) {
            id
            author @include(if: $withAuthor) { name }
            ...Steps
          }
          feed {
            __typename
            ... on Recipe { title: name author @include(if: $withAuthor) { id } }
            ... on Dish { title }
            ... on Node @skip(if: $skipSteps) { id }
          }
        }
        fragment Steps on Recipe { steps @skip(if: $skipSteps) { number text } }
        """

    func prepared(_ text: String) throws -> PreparedDocument {
        PreparedDocument(validated: try Parser.parse(Source(text)).executable)
    }

    /// The response of a prepared document.
    func run(
        _ prepared: PreparedDocument, _ variables: ObjectValue,
        bound: BoundSchema<Kitchen.Context>? = nil
    ) throws -> String {
        let schema = try bound ?? Kitchen.bound.get()
        let result = schema.execute(prepared, variables: variables, context: Kitchen.Context())
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test("a variable that flips @include changes the response on the same prepared document")
    func includeFlips() throws {
        let document = try prepared(Self.query)
        let with: ObjectValue = ["withAuthor": .bool(true)]
        let without: ObjectValue = ["withAuthor": .bool(false)]
        let first = try run(document, with)
        let second = try run(document, without)
        let third = try run(document, with)
        #expect(first.contains(#""author":{"name":"Ann"}"#))
        #expect(!second.contains(#""author""#))
        #expect(first == third)
        #expect(first == (try Kitchen.run(Self.query, variables: with)))
        #expect(second == (try Kitchen.run(Self.query, variables: without)))
    }

    @Test("@skip through a fragment and on an interface fragment follows each request's variables")
    func skipFlips() throws {
        let document = try prepared(Self.query)
        for skip in [false, true, false, true] {
            let variables: ObjectValue = ["withAuthor": .bool(false), "skipSteps": .bool(skip)]
            let response = try run(document, variables)
            #expect(response.contains(#""steps""#) == !skip)
            #expect(response.contains(#"{"__typename":"Dish","title":"Dumplings","id":"d1"}"#) == !skip)
            #expect(response == (try Kitchen.run(Self.query, variables: variables)))
        }
    }

    @Test("field errors keep their paths when the plans are reused")
    func errorsOnReuse() throws {
        let text = "{ feed { ... on Dish { id } } recipes(first: 3) { id steps { text } } }"
        let document = try prepared(text)
        let first = try run(document, [:])
        let second = try run(document, [:])
        #expect(first.contains(#""path":["recipes",2,"steps",1,"text"]"#))
        #expect(first == second)
    }

    @Test("arguments without variables are coerced once per plan; those with variables per request")
    func fixedArguments() throws {
        let text = "query($n: Int) { fixed: recipes(first: 1) { id } varied: recipes(first: $n) { id } }"
        let document = try prepared(text)
        for n in [1, 2, 1, 2] {
            let variables: ObjectValue = ["n": .int(n)]
            let response = try run(document, variables)
            #expect(response.contains(#""fixed":[{"id":"r0"}]"#))
            #expect(response == (try Kitchen.run(text, variables: variables)))
        }
        #expect(try run(document, ["n": .int(2)]).contains(#""varied":[{"id":"r0"},{"id":"r1"}]"#))
    }

    @Test("a literal argument that fails coercion fails the field the same way on every reuse")
    func fixedArgumentError() throws {
        let document = try prepared(#"{ recipe(id: true) { id } hello }"#)
        let first = try run(document, [:])
        #expect(first.contains(#""path":["recipe"]"#))
        #expect(first.contains(#""recipe":null,"hello":"world""#))
        #expect(try run(document, [:]) == first)
    }

    @Test("every combination of conditions is right, past the roots a document keeps")
    func manyCombinations() throws {
        let text = """
            query($a: Boolean!, $b: Boolean!, $c: Boolean!, $d: Boolean!, $e: Boolean) {
              hello @include(if: $a)
              recipes(first: 1) {
                id @skip(if: $b)
                name @include(if: $c)
                author @include(if: $d) { name @skip(if: $e) id }
              }
            }
            """
        let document = try prepared(text)
        var combinations = 0
        for round in 0..<2 {
            for bits in 0..<48 {
                var pairs: [(String, Value)] = ["a", "b", "c", "d"].enumerated().map {
                    ($0.element, .bool(bits >> $0.offset & 1 == 1))
                }
                // `$e` true, false or absent.
                switch bits >> 4 {
                case 0: pairs.append(("e", .bool(true)))
                case 1: pairs.append(("e", .bool(false)))
                default: break
                }
                let variables = ObjectValue(pairs)
                #expect(try run(document, variables) == (try Kitchen.run(text, variables: variables)))
                if round == 0 { combinations += 1 }
            }
        }
        #expect(combinations > ExecutionPlans.maxRoots)
        #expect(document.plans.rootCount == ExecutionPlans.maxRoots)
    }

    @Test("requests that agree on every condition, defaults applied, share one root plan")
    func sharedRoot() throws {
        let document = try prepared(Self.query)
        _ = try run(document, ["withAuthor": .bool(true)])
        // `$skipSteps` defaults to false, so this is the same condition.
        _ = try run(document, ["withAuthor": .bool(true), "skipSteps": .bool(false)])
        #expect(document.plans.rootCount == 1)
        _ = try run(document, ["withAuthor": .bool(false)])
        _ = try run(document, ["withAuthor": .bool(false), "skipSteps": .bool(true)])
        _ = try run(document, ["withAuthor": .bool(false)])
        #expect(document.plans.rootCount == 3)
    }

    @Test("literal arguments are kept in the plan and variable ones follow each request")
    func argumentsOnReuse() throws {
        let text = "query($v: Int!) { a: number(value: 1) b: number(value: $v) c: echo(tags: [\"x\", null]) }"
        let document = try prepared(text)
        for value in [2, 3, 2] {
            let expected = #"{"data":{"a":1,"b":\#(value),"c":"{\"count\":7,\"tags\":[\"x\",null]}"}}"#
            #expect(try run(document, ["v": .int(value)]) == expected)
        }
    }

    @Test("two bindings running one prepared document each use their own resolvers")
    func perBinding() throws {
        var resolvers = Resolvers<Kitchen.Context>()
        resolvers.type("Query") { query in
            query.field("hello") { _, _ in "other" }
        }
        let schema = try SchemaBuilder.build(sdl: "type Query { hello: String }")
        let small = try resolvers.bind(to: schema)
        let document = try prepared("{ hello }")
        #expect(try run(document, [:]) == #"{"data":{"hello":"world"}}"#)
        #expect(try run(document, [:], bound: small) == #"{"data":{"hello":"other"}}"#)
        #expect(try run(document, [:]) == #"{"data":{"hello":"world"}}"#)
    }

    @Test("one prepared document runs right from several threads at once")
    func concurrent() async throws {
        let document = try prepared(Self.query)
        let expected = try [false, true].map { flag in
            try Kitchen.run(Self.query, variables: ["withAuthor": .bool(flag), "skipSteps": .bool(!flag)])
        }
        let schema = try Kitchen.bound.get()
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<25 {
                        let flag = (task + round) % 2 == 0
                        let variables: ObjectValue = ["withAuthor": .bool(flag), "skipSteps": .bool(!flag)]
                        let result = schema.execute(document, variables: variables, context: Kitchen.Context())
                        if String(decoding: result.jsonBytes(), as: UTF8.self) != expected[flag ? 1 : 0] {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
