import Testing

@testable import GraphQL

@Suite("Resolution and batching")
struct ResolutionTests {
    static let nested = """
        query ($n: Int) {
          recipes(first: $n) {
            name
            author { name nickname }
            steps { number text }
          }
        }
        """

    @Test("a list of 100 items makes the same batch calls as a list of 3")
    func batchCallsDependOnShapeOnly() throws {
        let small = Kitchen.Context()
        _ = try Kitchen.execute(Self.nested, variables: ["n": .int(2)], context: small)
        let large = Kitchen.Context()
        let result = try Kitchen.execute(Self.nested, variables: ["n": .int(100)], context: large)
        #expect(small.loads == ["recipes": 1, "authors": 1, "steps": 1, "nicknames": 1])
        // Recipe 2 has a bad step, which nulls the whole (non-null) list. A step's fields
        // are all leaves, so they are completed where the steps are reached, and the null
        // reaches `data` before the authors' level: their nicknames are never asked for.
        #expect(large.loads == ["recipes": 1, "authors": 1, "steps": 1])
        #expect(result.data == .null)
    }

    @Test("objects of leaf fields are completed where they are reached, beside fields queued for the next level")
    func leafObjectsInPlace() throws {
        // A step's fields are all per-object leaves: completed in place. An author has a
        // batch field: queued for the next level.
        let steps = #"[{"number":1,"text":"Chop","__typename":"Step"},{"number":2,"text":"Cook","__typename":"Step"}]"#
        let recipe = #"{"steps":\#(steps),"author":{"name":"Ann","nickname":"~Ann"}}"#
        #expect(
            try Kitchen.run("{ recipes(first: 2) { steps { number text __typename } author { name nickname } } }")
                == #"{"data":{"recipes":[\#(recipe),\#(recipe)]}}"#)
    }

    @Test("every item of a level is completed, in order, from one batch call")
    func batchResultsLandInOrder() throws {
        let context = Kitchen.Context()
        let result = try Kitchen.execute(
            "{ recipes(first: 2) { name author { id nickname } } }", context: context)
        let recipes: Value = .list([
            .object([
                "name": .string("Recipe 0"),
                "author": .object(["id": .string("u0"), "nickname": .string("~Ann")]),
            ]),
            .object([
                "name": .string("Recipe 1"),
                "author": .object(["id": .string("u1"), "nickname": .string("~Ann")]),
            ]),
        ])
        #expect(result.data == .object(["recipes": recipes]))
        #expect(context.loads["nicknames"] == 1)
    }

    @Test("a GraphQLError from a resolver keeps its message and code")
    func graphQLErrorsPassThrough() throws {
        let json = try Kitchen.run("{ failing }")
        #expect(
            json
                == #"{"errors":[{"message":"Not allowed here","locations":[{"line":1,"column":3}],"path":["failing"],"extensions":{"code":"FORBIDDEN"}}],"data":{"failing":null}}"#
        )
    }

    @Test("the hook may show a masked error with a message and code of its own, never the error's text")
    func hookChoosesTheMaskedKind() throws {
        let json = try Kitchen.run("{ hidden: secret }") { _, _ in
            MaskedError(message: "Try again later.", code: ErrorCode(rawValue: "UNAVAILABLE"), requestID: "req-8")
        }
        #expect(
            json
                == #"{"errors":[{"message":"Try again later.","locations":[{"line":1,"column":3}],"path":["hidden"],"extensions":{"code":"UNAVAILABLE","requestId":"req-8"}}],"data":{"hidden":null}}"#
        )
    }

    @Test("any other error is masked as INTERNAL and handed to the hook")
    func internalErrorsAreMasked() throws {
        nonisolated(unsafe) var reported: [(String, [PathComponent])] = []
        let json = try Kitchen.run("{ hidden: secret }") { error, path in
            reported.append(("\(error)", path))
            return MaskedError(requestID: "req-7")
        }
        #expect(
            json
                == #"{"errors":[{"message":"Internal server error","locations":[{"line":1,"column":3}],"path":["hidden"],"extensions":{"code":"INTERNAL","requestId":"req-7"}}],"data":{"hidden":null}}"#
        )
        #expect(reported.map(\.0) == ["DatabaseFailure()"])
        #expect(reported.map(\.1) == [[.key("hidden")]])
    }

    @Test("a batch resolver can fail one item without failing the others")
    func batchItemErrors() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("items") { _, _ in [1, 2, 3].map(Resolved.object) }
        }
        resolvers.type("Item", parent: Int.self) { item in
            item.batch("label") { numbers, _, _ -> [Resolved] in
                numbers.map {
                    $0 == 2 ? .error(GraphQLError("No label", code: .notFound)) : "#\($0)".resolved
                }
            }
        }
        let schema = try SchemaBuilder.build(
            sdl: "type Query { items: [Item!]! } type Item { label: String }")
        let bound = try resolvers.bind(to: schema)
        let result = bound.execute(try Parser.parse(Source("{ items { label } }")).executable, context: ())
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == ##"{"errors":[{"message":"No label","locations":[{"line":1,"column":11}],"path":["items",1,"label"],"extensions":{"code":"NOT_FOUND"}}],"data":{"items":[{"label":"#1"},{"label":null},{"label":"#3"}]}}"##
        )
    }

    @Test("a batch resolver returning the wrong number of values fails every position")
    func batchCountMismatch() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("items") { _, _ in [1, 2].map(Resolved.object) }
        }
        resolvers.type("Item", parent: Int.self) { item in
            item.batch("label") { _, _, _ in ["only one"] }
        }
        let schema = try SchemaBuilder.build(
            sdl: "type Query { items: [Item] } type Item { label: String }")
        let result = try resolvers.bind(to: schema).execute(
            try Parser.parse(Source("{ items { label } }")).executable, context: ())
        #expect(
            result.data
                == .object(["items": .list([.object(["label": .null]), .object(["label": .null])])]))
        #expect(
            result.errors.map(\.path) == [
                [.key("items"), .index(0), .key("label")], [.key("items"), .index(1), .key("label")],
            ])
        #expect(result.errors.allSatisfy { $0.code == "INTERNAL" })
    }

    @Test("ObjectValue parents of a value type serve fields by their keys")
    func valueTypes() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("page") { _, _ in Value.object(["hasNextPage": .bool(true)]) }
        }
        resolvers.valueType("PageInfo")
        let schema = try SchemaBuilder.build(
            sdl: "type Query { page: PageInfo! } type PageInfo { hasNextPage: Boolean! endCursor: String }")
        let result = try resolvers.bind(to: schema).execute(
            try Parser.parse(Source("{ page { endCursor hasNextPage } }")).executable, context: ())
        #expect(
            result.data
                == .object(["page": .object(["endCursor": .null, "hasNextPage": .bool(true)])]))
    }

    @Test("a parent of another Swift type than registered is an internal error, not a crash")
    func parentTypeMismatch() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("item") { _, _ in Resolved.object("not an Int") }
        }
        resolvers.type("Item", parent: Int.self) { item in
            item.property("number") { $0 }
        }
        let schema = try SchemaBuilder.build(sdl: "type Query { item: Item } type Item { number: Int }")
        nonisolated(unsafe) var reported: [String] = []
        let result = try resolvers.bind(to: schema).execute(
            try Parser.parse(Source("{ item { number } }")).executable, context: ()
        ) { error, _ in
            reported.append("\(error)")
            return MaskedError()
        }
        #expect(result.data == .object(["item": .object(["number": .null])]))
        #expect(result.errors.map(\.message) == ["Internal server error"])
        #expect(reported == ["resolver Item.number expected Int but was given String"])
    }
}
