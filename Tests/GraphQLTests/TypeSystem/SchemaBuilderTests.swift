import Testing
@testable import GraphQL

struct SchemaBuilderTests {
    private static let kitchenSink = """
        \"""The whole schema.\"""
        schema { query: Root mutation: Change }

        "Something with an id."
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name(locale: String = "en"): String }

        type Recipe implements Node & Named {
          id: ID!
          name(locale: String = "en"): String
          oldName: String @deprecated
          slug: String @deprecated(reason: "Use `id`.")
          steps(first: Int, after: String @deprecated(reason: "Cursors")): [Step!]!
        }
        type Step { text: String }
        type Root { node(id: ID!): Node recipes(filter: RecipeFilter): [Recipe!]! }
        type Change { like(id: ID!): Recipe }

        union SearchResult = Recipe | Step
        enum Unit { GRAM KILOGRAM POUND @deprecated(reason: "Metric only.") }
        input RecipeFilter { text: String, unit: Unit = GRAM, legacy: Boolean @deprecated }
        input RecipeKey @oneOf { id: ID, slug: String }
        scalar DateTime @specifiedBy(url: "https://www.rfc-editor.org/rfc/rfc3339")
        directive @cost(weight: Int! = 1) repeatable on FIELD_DEFINITION | OBJECT
        """

    @Test("builds every kind of type from SDL")
    func everyKind() throws {
        let schema = try SchemaBuilder.build(sdl: Self.kitchenSink)
        #expect(schema.description == "The whole schema.")
        #expect(schema.queryType == "Root")
        #expect(schema.mutationType == "Change")
        #expect(schema.subscriptionType == nil)
        guard case .object(let recipe)? = schema["Recipe"] else {
            Issue.record("Recipe is not an object")
            return
        }
        #expect(recipe.interfaces == ["Node", "Named"])
        #expect(recipe.fields.map(\.name) == ["id", "name", "oldName", "slug", "steps"])
        #expect(recipe.field(named: "steps")?.type == .nonNull(.list(.nonNull(.named("Step")))))
        guard case .interface(let named)? = schema["Named"] else {
            Issue.record("Named is not an interface")
            return
        }
        #expect(named.interfaces == ["Node"])
        #expect(schema["Node"]?.description == "Something with an id.")
        guard case .union(let union)? = schema["SearchResult"] else {
            Issue.record("SearchResult is not a union")
            return
        }
        #expect(union.members == ["Recipe", "Step"])
        #expect(schema.implementations(of: "Node") == ["Named", "Recipe"])
    }

    @Test("@deprecated sets a reason on fields, arguments, input fields and enum values")
    func deprecation() throws {
        let schema = try SchemaBuilder.build(sdl: Self.kitchenSink)
        let recipe = try #require(schema["Recipe"])
        #expect(recipe.field(named: "oldName")?.deprecationReason == "No longer supported")
        #expect(recipe.field(named: "slug")?.deprecationReason == "Use `id`.")
        #expect(recipe.field(named: "id")?.deprecationReason == nil)
        #expect(recipe.field(named: "steps")?.argument(named: "after")?.deprecationReason == "Cursors")
        guard case .enumeration(let unit)? = schema["Unit"],
            case .inputObject(let filter)? = schema["RecipeFilter"]
        else {
            Issue.record("Unit or RecipeFilter has the wrong kind")
            return
        }
        #expect(unit.value(named: "POUND")?.deprecationReason == "Metric only.")
        #expect(unit.value(named: "GRAM")?.deprecationReason == nil)
        #expect(filter.field(named: "legacy")?.deprecationReason == "No longer supported")
    }

    @Test("@specifiedBy, @oneOf and directive definitions are kept")
    func directivesAreKept() throws {
        let schema = try SchemaBuilder.build(sdl: Self.kitchenSink)
        guard case .scalar(let dateTime)? = schema["DateTime"],
            case .inputObject(let key)? = schema["RecipeKey"],
            case .inputObject(let filter)? = schema["RecipeFilter"]
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(dateTime.specifiedByURL == "https://www.rfc-editor.org/rfc/rfc3339")
        #expect(key.isOneOf)
        #expect(!filter.isOneOf)
        let cost = try #require(schema.directives["cost"])
        #expect(cost.isRepeatable)
        #expect(cost.locations == [.fieldDefinition, .object])
        #expect(cost.arguments.first?.type == .nonNull(.named("Int")))
        #expect(schema.directiveNames == ["cost", "include", "skip", "deprecated", "specifiedBy", "oneOf"])
    }

    @Test("built-in scalars, specified directives and introspection types are always present")
    func builtInsPresent() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { a: String }")
        for name in ["Int", "Float", "String", "Boolean", "ID"] + IntrospectionTypes.all.map(\.name) {
            #expect(schema[name] != nil, "missing \(name)")
        }
        #expect(schema.typeNames.first == "Query")
        for name in ["include", "skip", "deprecated", "specifiedBy", "oneOf"] {
            #expect(schema.directives[name] != nil, "missing @\(name)")
        }
    }

    @Test("without a schema definition the conventional root names are used")
    func conventionalRoots() throws {
        let schema = try SchemaBuilder.build(sdl: """
            type Query { a: String }
            type Mutation { b: String }
            type Subscription { c: String }
            """)
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Mutation")
        #expect(schema.subscriptionType == "Subscription")
    }

    @Test("type and schema extensions apply in order")
    func extensions() throws {
        let schema = try SchemaBuilder.build(sdl: """
            directive @tag on OBJECT
            schema { query: Q }
            type Q { a: String }
            interface I { i: String }
            extend type Q implements I @tag { i: String }
            extend type Q { b: Int }
            type M { m: String }
            extend schema { mutation: M }
            enum E { A }
            extend enum E { B }
            union U = Q
            extend union U = M
            input In { x: Int }
            extend input In { y: Int }
            """)
        #expect(schema.mutationType == "M")
        guard case .object(let q)? = schema["Q"], case .enumeration(let e)? = schema["E"],
            case .union(let u)? = schema["U"], case .inputObject(let input)? = schema["In"]
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(q.fields.map(\.name) == ["a", "i", "b"])
        #expect(q.interfaces == ["I"])
        #expect(e.values.map(\.name) == ["A", "B"])
        #expect(u.members == ["Q", "M"])
        #expect(input.fields.map(\.name) == ["x", "y"])
    }

    @Test("every SDL problem is reported at once, with locations")
    func allSDLProblems() {
        #expect(TypeSystemFixtures.buildErrors("""
            type Query { a: Missing @nope }
            type Query { b: String }
            extend type Nothing { c: String }
            """) == [
            "Unknown type \"Missing\". @ 1:17",
            "Unknown directive \"@nope\". @ 1:25",
            "There can be only one type named \"Query\". @ 1:6, 2:6",
            "Cannot extend type \"Nothing\" because it is not defined. @ 3:13",
        ])
    }

    @Test("a directive argument of the wrong type is reported")
    func badDeprecationReason() {
        #expect(TypeSystemFixtures.buildErrors("type Query { a: String @deprecated(reason: 1) }")
            == ["Argument \"reason\" has invalid value 1. @ 1:44"])
    }

    @Test("a syntax error is reported as a schema error")
    func syntaxError() {
        let errors = TypeSystemFixtures.buildErrors("type Query {")
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Syntax Error") == true)
    }

    @Test("the error summary lists each problem with its places")
    func errorSummary() {
        let errors = SchemaErrors([
            GraphQLError("One.", locations: [SourceLocation(line: 1, column: 2)]),
            GraphQLError("Two."),
        ])
        #expect(errors.description == "One. (1:2)\n\nTwo.")
    }

    @Test("a schema missing any one line builds or reports errors, never crashes")
    func damagedSchemas() throws {
        let url = TypeSystemFixtures.goldenURL("rich.graphql")
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var outcomes = (built: 0, rejected: 0)
        for index in lines.indices {
            var damaged = lines
            damaged.remove(at: index)
            let sdl = damaged.joined(separator: "\n")
            do {
                _ = SchemaPrinter.print(try SchemaBuilder.build(sdl: sdl))
                outcomes.built += 1
            } catch {
                #expect(!error.errors.isEmpty)
                outcomes.rejected += 1
            }
            if let schema = try? SchemaBuilder.build(sdl: sdl, assumeValid: true) {
                _ = SchemaPrinter.print(schema)
                _ = SchemaValidator.validate(schema)
            }
        }
        #expect(outcomes.built > 0)
        #expect(outcomes.rejected > 0)
    }
}
