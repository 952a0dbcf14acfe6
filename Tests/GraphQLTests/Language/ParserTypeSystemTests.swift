import Testing

@testable import GraphQL

@Suite("Parser: type system")
struct ParserTypeSystemTests {
    private func onlyType(_ text: String) throws -> TypeDefinition? {
        guard case .typeSystem(.type(let type)) = try parsed(text).definitions.first else {
            return nil
        }
        return type
    }

    @Test("schema definitions list root operation types")
    func schema() throws {
        guard case .typeSystem(.schema(let schema)) = try parsed(
            "\"d\" schema @a { query: Q mutation: M }"
        ).definitions.first else {
            Issue.record("not a schema")
            return
        }
        #expect(schema.description?.value == "d")
        #expect(schema.operationTypes.map(\.operation) == [.query, .mutation])
        #expect(schema.operationTypes.map(\.type.value) == ["Q", "M"])
    }

    @Test("object types implement interfaces, with or without a leading &")
    func objectTypes() throws {
        let type = try #require(try onlyType("type T implements & A & B @d { f(a: Int = 1 @x): [T] @y }"))
        guard case .object(let interfaces, let fields) = type.kind else {
            Issue.record("not an object")
            return
        }
        #expect(interfaces.map(\.value) == ["A", "B"])
        #expect(fields.first?.arguments.first?.defaultValue?.kind == .int("1"))
        #expect(fields.first?.directives.first?.name.value == "y")
    }

    @Test("types without bodies are allowed")
    func emptyTypes() throws {
        for text in ["type T", "interface I", "union U", "enum E", "input I", "scalar S"] {
            #expect(try onlyType(text) != nil, "\(text)")
        }
    }

    @Test("interfaces may implement interfaces")
    func interfaces() throws {
        let type = try #require(try onlyType("interface I implements J { f: Int }"))
        #expect(type.kind == .interface(
            interfaces: [Name("J", location: Location(start: 23, end: 24))],
            fields: [FieldDefinition(
                description: nil, name: Name("f", location: Location(start: 27, end: 28)),
                arguments: [], type: .named(Name("Int", location: Location(start: 30, end: 33))),
                directives: [], location: Location(start: 27, end: 33))]))
    }

    @Test("union members may start with |")
    func unions() throws {
        let type = try #require(try onlyType("union U = | A | B"))
        guard case .union(let members) = type.kind else {
            Issue.record("not a union")
            return
        }
        #expect(members.map(\.value) == ["A", "B"])
    }

    @Test("enum values carry descriptions and directives")
    func enums() throws {
        let type = try #require(try onlyType("enum E { \"a\" A @d B }"))
        guard case .enumeration(let values) = type.kind else {
            Issue.record("not an enum")
            return
        }
        #expect(values.map(\.name.value) == ["A", "B"])
        #expect(values[0].description?.value == "a")
    }

    @Test("input objects hold input value definitions")
    func inputObjects() throws {
        let type = try #require(try onlyType("input I @oneOf { a: Int = 1, b: [String!] }"))
        guard case .inputObject(let fields) = type.kind else {
            Issue.record("not an input object")
            return
        }
        #expect(fields.map(\.name.value) == ["a", "b"])
    }

    @Test("directive definitions: arguments, repeatable, locations with a leading |")
    func directives() throws {
        guard case .typeSystem(.directive(let directive)) = try parsed(
            "directive @d(a: Int) repeatable on | FIELD | QUERY"
        ).definitions.first else {
            Issue.record("not a directive")
            return
        }
        #expect(directive.isRepeatable)
        #expect(directive.arguments.count == 1)
        #expect(directive.locations.map(\.value) == ["FIELD", "QUERY"])
    }

    @Test("every kind of extension parses, with no description")
    func extensions() throws {
        let text = """
            extend schema @a
            extend schema { subscription: S }
            extend scalar S @a
            extend type T implements I
            extend type T @a
            extend type T { f: Int }
            extend interface I implements J
            extend union U = A
            extend union U @a
            extend enum E { V }
            extend input I { f: Int }
            extend input I @a
            """
        let definitions = try parsed(text).typeSystem.definitions
        #expect(definitions.count == 12)
        for definition in definitions {
            switch definition {
            case .schemaExtension(let schema): #expect(schema.description == nil)
            case .typeExtension(let type): #expect(type.description == nil)
            default: Issue.record("not an extension: \(definition)")
            }
        }
    }
}
