import Testing

@testable import GraphQL

/// A null where the type is non-null moves up to the nearest nullable position (section
/// 6.4.4). The response tree finds a position's container from the containers themselves,
/// so these cases put empty lists and objects before and after the failing position.
@Suite("Null propagation among empty containers")
struct NullPropagationTests {
    struct Item: OutputObject { let name: String?; let children: [Item] }

    static func run(_ query: String) throws -> String {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("empty") { _, _ in [Item]() }
            query.field("items") { _, _ in
                [Item(name: "a", children: []), Item(name: nil, children: []), Item(name: "c", children: [])]
            }
            query.field("one") { _, _ in Item(name: "d", children: [Item(name: nil, children: [])]) }
            query.field("last") { _, _ in [Item]() }
        }
        resolvers.type("Item", parent: Item.self) { item in
            item.property("name") { $0.name }
            item.property("children") { $0.children }
        }
        let schema = try SchemaBuilder.build(sdl: """
            type Query { empty: [Item!]! items: [Item!] one: Item last: [Item!]! }
            type Item { name: String! children: [Item!]! }
            """)
        let bound = try resolvers.bind(to: schema)
        let result = bound.execute(try Parser.parse(Source(query)).executable, context: ())
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test("a failed non-null item nulls its nullable list; empty lists around it stay")
    func listNulled() throws {
        let text = try Self.run("{ empty { name } items { name children { name } } last { name } }")
        #expect(text.contains(#""path":["items",1,"name"]"#))
        #expect(text.hasSuffix(#""data":{"empty":[],"items":null,"last":[]}}"#))
    }

    @Test("a failure inside a nested list nulls up to the nearest nullable field")
    func nestedNulled() throws {
        let text = try Self.run("{ one { name children { name children { name } } } empty { name } }")
        #expect(text.contains(#""path":["one","children",0,"name"]"#))
        #expect(text.hasSuffix(#""data":{"one":null,"empty":[]}}"#))
    }
}
