import Testing

@testable import GraphQL

@Suite("Parser: executable documents")
struct ParserTests {
    @Test("a shorthand query is an anonymous query")
    func shorthand() throws {
        let document = try parsed("{ a }")
        guard case .executable(.operation(let operation)) = document.definitions.first else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.isShorthand)
        #expect(operation.operation == .query)
        #expect(operation.name == nil)
        #expect(operation.location == Location(start: 0, end: 5))
    }

    @Test("operations carry name, variables with defaults and directives, and directives")
    func operationParts() throws {
        let text = "query Q($a: [Int!]! = [1] @d, $b: In = {x: ENUM}) @o { f }"
        let operation = try #require(try parsed(text).executable.operations.first)
        #expect(operation.name?.value == "Q")
        #expect(operation.variableDefinitions.map(\.variable.name.value) == ["a", "b"])
        #expect(Printer.print(operation.variableDefinitions[0].type) == "[Int!]!")
        #expect(operation.variableDefinitions[0].directives.map(\.name.value) == ["d"])
        #expect(operation.variableDefinitions[1].defaultValue.map(Printer.print) == "{ x: ENUM }")
        #expect(operation.directives.map(\.name.value) == ["o"])
        #expect(!operation.isShorthand)
    }

    @Test("fields have aliases, arguments, directives and selection sets")
    func fields() throws {
        let text = "{ alias: name(a: 1, b: $v) @include(if: true) { sub } }"
        let operation = try #require(try parsed(text).executable.operations.first)
        guard case .field(let field) = operation.selectionSet.selections.first else {
            Issue.record("not a field")
            return
        }
        #expect(field.alias?.value == "alias")
        #expect(field.name.value == "name")
        #expect(field.responseKey == "alias")
        #expect(field.arguments.map(\.name.value) == ["a", "b"])
        #expect(field.arguments[1].value.kind == .variable(
            Variable(name: Name("v", location: Location(start: 24, end: 25)),
                     location: Location(start: 23, end: 25))))
        #expect(field.directives.first?.name.value == "include")
        #expect(field.selectionSet?.selections.count == 1)
        #expect(field.location == Location(start: 2, end: 53))
    }

    @Test("fragment spreads, inline fragments with and without type condition, definitions")
    func fragments() throws {
        let document = try parsed("{ ...F @d ... on T { a } ... @skip(if: true) { b } } fragment F on T { c }")
        let operation = try #require(document.executable.operations.first)
        let selections = operation.selectionSet.selections
        guard case .fragmentSpread(let spread) = selections[0],
            case .inlineFragment(let typed) = selections[1],
            case .inlineFragment(let untyped) = selections[2]
        else {
            Issue.record("wrong selections")
            return
        }
        #expect(spread.name.value == "F" && spread.directives.count == 1)
        #expect(typed.typeCondition?.value == "T")
        #expect(untyped.typeCondition == nil && untyped.directives.count == 1)
        let fragment = try #require(document.executable.fragments.first)
        #expect(fragment.name.value == "F" && fragment.typeCondition.value == "T")
    }

    @Test("keywords are names wherever a name is expected")
    func keywordsAsNames() throws {
        let text = "query query($query: query = query) { query: query(query: query) ... on on { on } }"
        #expect(try parsed(text).definitions.count == 1)
        #expect(try parsed("fragment query on mutation { subscription }").definitions.count == 1)
    }

    @Test("descriptions are allowed on operations, fragments and variable definitions")
    func executableDescriptions() throws {
        let text = """
            "op"
            query Q("var" $a: Int) { a }
            \"""frag\"""
            fragment F on T { a }
            """
        let document = try parsed(text)
        let operation = try #require(document.executable.operations.first)
        #expect(operation.description?.value == "op")
        #expect(operation.variableDefinitions.first?.description?.value == "var")
        #expect(document.executable.fragments.first?.description?.isBlock == true)
    }

    @Test("values of every kind")
    func values() throws {
        let value = try Parser.parseValue(Source(#"[1, -0, 1.5e3, "s", """b""", true, false, null, E, $v, {a: [], b: {}}]"#))
        guard case .list(let items) = value.kind else {
            Issue.record("not a list")
            return
        }
        #expect(items.map(\.kind) == [
            .int("1"), .int("-0"), .float("1.5e3"), .string("s", isBlock: false),
            .string("b", isBlock: true), .boolean(true), .boolean(false), .null, .enumValue("E"),
            items[9].kind, items[10].kind,
        ])
        #expect(Printer.print(value) == #"[1, -0, 1.5e3, "s", """b""", true, false, null, E, $v, { a: [], b: {  } }]"#)
    }

    @Test("constant values and types parse on their own")
    func standaloneEntryPoints() throws {
        #expect(try Parser.parseConstValue(Source("{a: [1, 2]}")).location == Location(start: 0, end: 11))
        #expect(try Parser.parseType(Source("[String!]!")) == .nonNull(
            .list(.nonNull(.named(Name("String", location: Location(start: 1, end: 7))),
                           location: Location(start: 1, end: 8)),
                  location: Location(start: 0, end: 9)),
            location: Location(start: 0, end: 10)))
        #expect(throws: GraphQLError.self) { try Parser.parseConstValue(Source("$x")) }
        #expect(throws: GraphQLError.self) { try Parser.parseValue(Source("1 2")) }
    }
}
