import Testing

@testable import GraphQL

@Suite("Resolver binding")
struct ResolverBindingTests {
    static let sdl = """
        type Query { recipe: Recipe }
        type Recipe { id: ID! name: String }
        interface Node { id: ID! }
        scalar DateTime
        """

    @Test("every field without a resolver and every resolver without a field, in one error")
    func reportsEveryMismatch() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("recipe") { _, _ in Value.null } }
        resolvers.type("Recipe") { recipe in recipe.field("title") { _, _ in "x" } }
        resolvers.type("Node") { node in node.field("id") { _, _ in "x" } }
        let schema = try SchemaBuilder.build(sdl: Self.sdl)
        #expect {
            try resolvers.bind(to: schema)
        } throws: { error in
            guard let error = error as? BindingError else { return false }
            return error.missing == ["Recipe.id", "Recipe.name"]
                && error.extra == ["Recipe.title", "Node.id"]
                && error.description == """
                    Resolvers do not match the schema:
                      no resolver for Recipe.id
                      no resolver for Recipe.name
                      resolver for Recipe.title, which the schema does not have
                      resolver for Node.id, which the schema does not have
                    """
        }
    }

    @Test("a resolver registered twice and a coercion for a built-in scalar are problems")
    func reportsProblems() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("recipe") { _, _ in Value.null }
            query.field("recipe") { _, _ in Value.null }
        }
        resolvers.valueType("Recipe")
        let passThrough = ScalarCoercion(
            parseValue: { $0 }, parseLiteral: { $0 }, serialize: { $0 })
        resolvers.scalar("String", passThrough)
        resolvers.scalar("DateTime", passThrough)
        #expect {
            try resolvers.bind(to: SchemaBuilder.build(sdl: Self.sdl))
        } throws: { error in
            (error as? BindingError)?.problems == [
                "resolver for Query.recipe registered twice",
                "scalar String is not a custom scalar of the schema",
            ]
        }
    }

    @Test("a custom scalar's serializer runs on output")
    func customScalarSerialization() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("at") { _, _ in 0 } }
        resolvers.scalar(
            "DateTime",
            ScalarCoercion(
                parseValue: { $0 }, parseLiteral: { $0 },
                serialize: { value throws(CoercionFailure) in
                    guard case .int(0) = value else { throw CoercionFailure("bad time") }
                    return .string("1970-01-01T00:00:00Z")
                }))
        let bound = try resolvers.bind(
            to: SchemaBuilder.build(sdl: "scalar DateTime type Query { at: DateTime }"))
        let result = bound.execute(try Parser.parse(Source("{ at }")).executable, context: ())
        #expect(result.data == .object(["at": .string("1970-01-01T00:00:00Z")]))
    }

    @Test("a schema made by hand, without introspection types, binds and runs")
    func handMadeSchema() throws {
        let schema = Schema(
            queryType: "Query",
            types: [
                .object(ObjectType(name: "Query", fields: [FieldDefinitionInfo(name: "hello", type: .named("String"))])),
                .scalar(ScalarType(name: "String")),
            ],
            directives: [])
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("hello") { _, _ in "world" } }
        let result = try resolvers.bind(to: schema).execute(
            try Parser.parse(Source("{ hello __typename }")).executable, context: ())
        #expect(result.data == .object(["hello": .string("world"), "__typename": .string("Query")]))
    }

    @Test("a resolver reading arguments its field does not declare, or not saying which, stops the binding: all in one error")
    func argumentReads() throws {
        let schema = try SchemaBuilder.build(sdl: """
            type Query { comments(targetId: ID!, first: Int): [String!]!, other(x: Int): Int, plain: Int, quiet(y: Int): Int }
            """)
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("comments", reading: ["targetID", "first"]) { arguments, _ in [arguments.string("targetID") ?? ""] }
            query.field("other") { _, _ in 1 }
            query.field("plain", reading: ["x"]) { _, _ in 1 }
            query.field("quiet", reading: []) { _, _ in 1 }
        }
        #expect {
            _ = try resolvers.bind(to: schema)
        } throws: { error in
            (error as? BindingError)?.arguments == [
                "Query.comments reads the argument \"targetID\", which the schema does not declare (it has targetId, first)",
                "Query.other, whose field takes arguments (x), does not say which it reads (reading: […])",
                "Query.plain reads the argument \"x\", which the schema does not declare (it has none)",
            ]
        }
    }

    @Test("a resolver reads the arguments it declares")
    func declaredReads() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { echo(a: Int, b: Int = 2): Int }")
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("echo", reading: ["a", "b"]) { arguments, _ in (arguments.int("a") ?? 0) * 10 + (arguments.int("b") ?? 0) }
        }
        let result = try resolvers.bind(to: schema).execute(
            try Parser.parse(Source("{ echo(a: 4) }")).executable, context: ())
        #expect(result.data == .object(["echo": .int(42)]))
    }
}
