import Foundation
import KitchenTestSupport
import Testing
@testable import GraphQL

/// `printSchema` as graphql-js 16 prints it. Golden files come from graphql-core 3.2's
/// `print_schema` (`TypeSystem/Golden/`); when python3 with graphql-core is installed,
/// the same SDL is also printed by graphql-core live and compared.
struct SchemaPrinterTests {
    private static func golden(_ name: String) throws -> String {
        try String(contentsOf: TypeSystemFixtures.goldenURL(name), encoding: .utf8)
    }

    private static func printed(_ sdl: String) throws -> String {
        SchemaPrinter.print(try SchemaBuilder.build(sdl: sdl))
    }

    @Test("a rich schema prints as graphql-core prints it (golden)")
    func richGolden() throws {
        let printed = try Self.printed(try Self.golden("rich.graphql"))
        #expect(try TypeSystemFixtures.matchesGolden(printed, "rich.printed.graphql"))
    }

    @Test("descriptions print as block strings exactly where graphql-core prints them so")
    func descriptionsGolden() throws {
        let printed = try Self.printed(try Self.golden("descriptions.graphql"))
        #expect(try TypeSystemFixtures.matchesGolden(printed, "descriptions.printed.graphql"))
    }

    @Test("default values are coerced, filled in and printed as graphql-js does (golden)")
    func defaultsGolden() throws {
        let printed = try Self.printed(try Self.golden("defaults.graphql"))
        #expect(try TypeSystemFixtures.matchesGolden(printed, "defaults.printed.graphql"))
    }

    @Test("the validation harness schema prints as graphql-core prints it (golden, live when installed)",
          .enabled(if: OutsideMaterial.isGiven, "the harness schema is in the conformance material: run scripts/conformance"))
    func harnessGolden() throws {
        let sdl = try #require(SDLConformanceTests.harnessSchema)
        #expect(try TypeSystemFixtures.matchesGolden(try Self.printed(sdl), "harness.printed.graphql"))
        guard let expected = TypeSystemFixtures.graphqlCorePrintSchema(sdl) else { return }
        #expect(try Self.printed(sdl) == expected)
    }

    @Test("printing agrees with graphql-core run live, when it is installed",
          arguments: ["rich.graphql", "descriptions.graphql", "defaults.graphql"])
    func liveGraphQLCore(_ name: String) throws {
        let sdl = try Self.golden(name)
        guard let expected = TypeSystemFixtures.graphqlCorePrintSchema(sdl) else { return }
        #expect(try Self.printed(sdl) == expected)
    }

    @Test("the kitchen's own Schema.graphql builds, and prints as graphql-core prints it")
    func kitchenSchema() throws {
        let url = TypeSystemFixtures.packageRoot.appendingPathComponent("Schema.graphql")
        let sdl = try String(contentsOf: url, encoding: .utf8)
        let printed = try Self.printed(sdl)
        guard let expected = TypeSystemFixtures.graphqlCorePrintSchema(sdl) else { return }
        #expect(printed == expected)
    }

    @Test("the schema block is left out when the root names are conventional")
    func conventionalSchemaBlock() throws {
        #expect(try Self.printed("schema { query: Query }\ntype Query { a: Int }")
            == "type Query {\n  a: Int\n}")
        #expect(try Self.printed("schema { query: Q }\ntype Q { a: Int }")
            == "schema {\n  query: Q\n}\n\ntype Q {\n  a: Int\n}")
        #expect(try Self.printed("\"Described.\"\nschema { query: Query }\ntype Query { a: Int }")
            == "\"\"\"Described.\"\"\"\nschema {\n  query: Query\n}\n\ntype Query {\n  a: Int\n}")
    }

    @Test("float defaults print as JavaScript prints numbers")
    func floatDefaults() throws {
        let printed = try Self.printed("""
            type Query { a(
              small: Float = 0.0000001, smallish: Float = 0.000001, big: Float = 1e25,
              exact: Float = 1e20, huge: Float = 1e21, whole: Float = 2.0, neg: Float = -1.25
            ): Int }
            """)
        #expect(printed.contains(
            "a(small: Float = 1e-7, smallish: Float = 0.000001, big: Float = 1e+25, "
                + "exact: Float = 100000000000000000000, huge: Float = 1e+21, whole: Float = 2, "
                + "neg: Float = -1.25): Int"))
    }

    @Test("defaults that do not fit their type are not printed")
    func invalidDefaultsOmitted() throws {
        let printed = try Self.printed(
            "type Query { a(x: Int = \"no\", y: Int = 3000000000, z: [Int] = [1, \"a\"]): Int }")
        #expect(printed == "type Query {\n  a(x: Int, y: Int, z: [Int]): Int\n}")
    }

    @Test("a custom scalar's list or object default prints as written")
    func customScalarStructuredDefault() throws {
        let printed = try Self.printed("scalar JSON\ntype Query { a(x: JSON = {a: [1, 2.5]}): Int }")
        let literal = try Parser.parseConstValue(Source("{a: [1, 2.5]}"))
        #expect(printed.contains("a(x: JSON = \(Printer.print(literal))): Int"))
    }

    @Test("the introspection types and specified directives print as graphql-js defines them")
    func introspectionTypes() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { a: Int }")
        let order = ["__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue",
                     "__Directive", "__DirectiveLocation"]
        let blocks = SpecifiedDirectives.all.map { SchemaPrinter.print($0, schema) }
            + order.compactMap { schema[$0] }.map { SchemaPrinter.print($0, schema) }
        #expect(try TypeSystemFixtures.matchesGolden(
            blocks.joined(separator: "\n\n"), "introspection.printed.graphql"))
    }

    @Test("introspection and built-in types follow graphql-js's type-map order")
    func typeMapOrder() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { a: Int b: Foo }\ntype Foo { c: String }")
        #expect(schema.typeNames == [
            "Query", "Int", "Foo", "String", "Boolean", "__Schema", "__Type", "__TypeKind",
            "__Field", "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation",
            "Float", "ID",
        ])
    }
}
