import Testing

@testable import GraphQL

@Suite("Coercing argument values")
struct CoercionArgumentsTests {
    typealias F = CoercionFixtures
    private let schema = CoercionFixtures.schema
    private let source = Source((0..<10).map { _ in "123456789" }.joined(separator: "\n"))

    private let definitions = [
        InputValueInfo(name: "id", type: .nonNull(.named("ID"))),
        InputValueInfo(name: "first", type: .named("Int"), defaultValue: CoercionFixtures.constant(.int("20"))),
        InputValueInfo(name: "after", type: .named("String")),
        InputValueInfo(name: "colors", type: .list(.named("Color"))),
    ]

    private func coerce(
        _ arguments: [Argument], variables: ObjectValue = [:], location: Location? = nil
    ) -> Result<ObjectValue, GraphQLError> {
        Result { () throws(GraphQLError) in
            try InputCoercion.coerceArgumentValues(
                definitions: definitions, arguments: arguments, variables: variables, schema: schema, source: source,
                location: location)
        }
    }

    private func message(_ result: Result<ObjectValue, GraphQLError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    @Test("literal arguments are coerced, defaults fill absent ones, others stay absent")
    func literals() {
        let result = coerce([F.argument("id", F.int("7")), F.argument("colors", F.enumValue("RED"))])
        #expect(result == .success(["id": .string("7"), "first": .int(20), "colors": .list([.string("RED")])]))
    }

    @Test("an explicit null is kept, and does not take the default")
    func explicitNull() {
        #expect(coerce([F.argument("id", F.string("a")), F.argument("first", F.null)])
            == .success(["id": .string("a"), "first": .null]))
    }

    @Test("variables are substituted; an absent variable means the default or absence")
    func variables() {
        let arguments = [
            F.argument("id", F.variable("id")), F.argument("first", F.variable("n")), F.argument("after", F.variable("cursor")),
        ]
        #expect(coerce(arguments, variables: ["id": .string("x")]) == .success(["id": .string("x"), "first": .int(20)]))
        #expect(coerce(arguments, variables: ["id": .string("x"), "n": .null, "cursor": .string("c")])
            == .success(["id": .string("x"), "first": .null, "after": .string("c")]))
    }

    @Test("a missing required argument is reported at the field")
    func missingRequired() {
        let result = coerce([], location: Location(start: 12, end: 20))
        #expect(message(result) == #"Argument "id" of required type "ID!" was not provided."#)
        if case .failure(let error) = result {
            #expect(error.locations == [SourceLocation(line: 2, column: 3)])
            #expect(error.code == "BAD_USER_INPUT")
        }
    }

    @Test("a required argument given an absent variable is reported")
    func absentVariable() {
        #expect(message(coerce([F.argument("id", F.variable("who"))]))
            == #"Argument "id" of required type "ID!" was provided the variable "$who" which was not provided a runtime value."#)
    }

    @Test("null for a non-null argument is reported, literal or variable")
    func nullForNonNull() {
        #expect(message(coerce([F.argument("id", F.null)])) == #"Argument "id" of non-null type "ID!" must not be null."#)
        #expect(message(coerce([F.argument("id", F.variable("v", at: 25))], variables: ["v": .null]))
            == #"Argument "id" of non-null type "ID!" must not be null."#)
    }

    @Test("an invalid literal is reported with the literal printed")
    func invalidLiteral() {
        #expect(message(coerce([F.argument("id", F.float("1.5"))])) == #"Argument "id" has invalid value 1.5."#)
        #expect(message(coerce([F.argument("id", F.int("1")), F.argument("colors", F.list([F.enumValue("RED"), F.string("BLUE")]))]))
            == #"Argument "colors" has invalid value [RED, "BLUE"]."#)
    }

    @Test("input object arguments are printed as the document printer prints them")
    func objectPrinting() {
        let definitions = [InputValueInfo(name: "input", type: .nonNull(.named("LineInput")))]
        let argument = F.argument("input", F.object(["productId": F.string("p"), "quantity": F.string("two")]))
        let result = Result { () throws(GraphQLError) in
            try InputCoercion.coerceArgumentValues(
                definitions: definitions, arguments: [argument], variables: [:], schema: schema, source: source)
        }
        #expect(message(result) == #"Argument "input" has invalid value { productId: "p", quantity: "two" }."#)
    }

    @Test("directive arguments coerce the same way")
    func directiveArguments() throws {
        let skip = [InputValueInfo(name: "if", type: .nonNull(.named("Boolean")))]
        let values = try InputCoercion.coerceArgumentValues(
            definitions: skip, arguments: [F.argument("if", F.variable("hide"))], variables: ["hide": .bool(true)],
            schema: schema, source: source)
        #expect(values == ["if": .bool(true)])
    }

    @Test("arguments of a parsed field coerce, and errors point at the value")
    func parsedField() throws {
        let text = """
            query ($cursor: String) {
              a: recipes(id: 4, colors: [RED, GREEN], after: $cursor)
              b: recipes(id: "x", first: 1.5)
            }
            """
        let document = try Parser.parse(Source(text)).executable
        let fields = try #require(document.operations.first).selectionSet.selections.compactMap {
            if case .field(let field) = $0 { field } else { nil }
        }
        try #require(fields.count == 2)
        let values = try InputCoercion.coerceArgumentValues(
            definitions: definitions, arguments: fields[0].arguments, variables: ["cursor": .string("c1")], schema: schema,
            source: document.source, location: fields[0].location)
        #expect(values == ["id": .string("4"), "first": .int(20), "after": .string("c1"), "colors": .list([.string("RED"), .string("GREEN")])])

        let result = Result { () throws(GraphQLError) in
            try InputCoercion.coerceArgumentValues(
                definitions: definitions, arguments: fields[1].arguments, variables: [:], schema: schema,
                source: document.source, location: fields[1].location)
        }
        #expect(message(result) == #"Argument "first" has invalid value 1.5."#)
        if case .failure(let error) = result { #expect(error.locations == [SourceLocation(line: 3, column: 30)]) }
    }
}
