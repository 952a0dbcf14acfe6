import Testing

@testable import GraphQL

/// Objects travel between levels boxed (`ObjectBox`); resolvers read a box made for their
/// parent type in place and cast anything else. These are the other cases: values boxed as
/// an existential, a root value, and an application's own class instances.
@Suite("Boxed objects")
struct ObjectBoxTests {
    struct Dog { let name: String }
    struct Cat { let lives: Int }
    final class Owner: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }
    struct Root { let greeting: String }

    static let schema = """
        type Query { pets: [Pet!]! owner: Owner greeting: String }
        union Pet = Dog | Cat
        type Dog { name: String }
        type Cat { lives: Int }
        type Owner { name: String }
        """

    static func bind(pets: @escaping @Sendable () -> [Any]) throws -> BoundSchema<Void> {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query", parent: Root.self) { query in
            // Values typed `Any`: the box is an `ObjectBox<Any>`, and the union member is
            // found from the value's own type.
            query.field("pets") { _, _, _ in pets().map { Resolved.object($0) } }
            query.field("owner") { _, _, _ in Resolved.boxed(Owner(name: "Ann"), type: nil) }
            query.property("greeting") { $0.greeting }
        }
        resolvers.type("Dog", parent: Dog.self) { dog in dog.property("name") { $0.name } }
        resolvers.type("Cat", parent: Cat.self) { cat in cat.property("lives") { $0.lives } }
        resolvers.type("Owner", parent: Owner.self) { owner in owner.property("name") { $0.name } }
        return try resolvers.bind(to: try SchemaBuilder.build(sdl: schema))
    }

    static func run(_ query: String, _ bound: BoundSchema<Void>, root: Any) throws -> String {
        let document = try Parser.parse(Source(query)).executable
        let result = bound.execute(document, context: (), rootValue: root)
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test("values resolved as Any reach their own types' resolvers and union members")
    func existentialValues() throws {
        let bound = try Self.bind { [Dog(name: "Rex"), Cat(lives: 9)] }
        let text = try Self.run(
            "{ pets { __typename ... on Dog { name } ... on Cat { lives } } }", bound,
            root: Root(greeting: "hi"))
        #expect(text == #"{"data":{"pets":[{"__typename":"Dog","name":"Rex"},{"__typename":"Cat","lives":9}]}}"#)
    }

    @Test("a root value passed as Any is read by the root type's property resolvers")
    func rootValue() throws {
        let bound = try Self.bind { [] }
        let text = try Self.run("{ greeting }", bound, root: Root(greeting: "hi"))
        #expect(text == #"{"data":{"greeting":"hi"}}"#)
    }

    @Test("an instance of an application class can be resolved without a box")
    func classInstance() throws {
        let bound = try Self.bind { [] }
        let text = try Self.run("{ owner { name } }", bound, root: Root(greeting: "hi"))
        #expect(text == #"{"data":{"owner":{"name":"Ann"}}}"#)
    }

    @Test("a parent of another Swift type is an internal error, not a crash")
    func wrongParent() throws {
        let bound = try Self.bind { [42] }
        let text = try Self.run("{ pets { __typename } }", bound, root: Root(greeting: "hi"))
        #expect(text.contains(#"Abstract type \"Pet\" must resolve to an Object type"#))
        #expect(text.hasSuffix(#""data":null}"#))
    }

    @Test("a box made for the parent type is read in place; others are cast")
    func unboxing() {
        let exact: AnyObject = ObjectBox(Dog(name: "Rex"))
        let existential: AnyObject = ObjectBox(Dog(name: "Max") as Any)
        let other: AnyObject = ObjectBox(7)
        #expect(unbox(exact, as: Dog.self)?.name == "Rex")
        #expect(unbox(existential, as: Dog.self)?.name == "Max")
        #expect(unbox(other, as: Dog.self) == nil)
        #expect(unbox(Owner(name: "Ann"), as: Owner.self)?.name == "Ann")
    }
}
