import Testing

@testable import GraphQL

/// With `appliedDirectives`, the printer keeps what the SDL applied — a deliberate
/// deviation from graphql-js's `printSchema`, which drops it (see DEVIATIONS.md).
@Suite("Printing a schema with its applied directives")
struct SchemaPrinterAppliedDirectivesTests {
    static let sdl = """
        directive @cost(weight: String!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | OBJECT | SCALAR

        directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION

        directive @tag(name: String!) repeatable on OBJECT | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION | SCALAR

        scalar Weight @specifiedBy(url: "https://example.com/weight") @cost(weight: "2")

        interface Named @tag(name: "a") {
          name: String
        }

        type Query implements Named @cost(weight: "0") {
          name: String
          items(first: Int = 20 @cost(weight: "1")): [Item!]! @listSize(assumedSize: 100, slicingArguments: ["first"])
          old: Int @deprecated @cost(weight: "3")
        }

        type Item @tag(name: "x") @tag(name: "y") {
          weight: Weight
        }

        union Thing @tag(name: "u") = Item

        enum Size @cost(weight: "1") {
          SMALL @tag(name: "s")
          LARGE @deprecated(reason: "Too big.")
        }

        input Filter @oneOf @tag(name: "f") {
          small: Boolean @cost(weight: "-1")
          large: Boolean
        }
        """

    @Test("every application prints where SDL writes it, after the ones the model keeps")
    func prints() throws {
        let schema = try SchemaBuilder.build(sdl: Self.sdl)
        #expect(SchemaPrinter.print(schema, appliedDirectives: true) == Self.sdl)
    }

    @Test("without the option, the print is graphql-js's: no applied directive beyond the modelled ones")
    func graphqlJS() throws {
        let printed = SchemaPrinter.print(try SchemaBuilder.build(sdl: Self.sdl))
        #expect(!printed.contains("@tag(name: \""))
        #expect(!printed.contains("@cost(weight: \""))
        #expect(!printed.contains("@listSize(assumedSize: 100"))
        #expect(printed.contains("old: Int @deprecated\n"))
        #expect(printed.contains("input Filter @oneOf {"))
    }
}
