import Testing

@testable import GraphQL

@Suite("Coercing variable values")
struct CoercionVariablesTests {
    typealias F = CoercionFixtures
    private let schema = CoercionFixtures.schema
    /// Offsets 0, 10, 20, … fall on lines 1, 2, 3, … of this text.
    private let source = Source((0..<60).map { _ in "123456789" }.joined(separator: "\n"))

    /// Coerced values, or the errors' messages.
    private enum Outcome: Equatable {
        case values(ObjectValue)
        case errors([String])
    }

    private func coerce(
        _ inputs: ObjectValue, _ definitions: [VariableDefinition], maxErrors: Int = 50
    ) -> Outcome {
        switch InputCoercion.coerceVariableValues(
            inputs, definitions: definitions, schema: schema, source: source, maxErrors: maxErrors)
        {
        case .success(let values): .values(values)
        case .failure(let failure): .errors(failure.errors.map(\.message))
        }
    }

    @Test("given values are coerced, absent ones get defaults or stay absent")
    func values() {
        let definitions = [
            F.definition("id", F.nonNull(F.named("ID"))),
            F.definition("limit", F.named("Int"), default: F.constant(.int("10"))),
            F.definition("after", F.named("String")),
            F.definition("note", F.named("String")),
            F.definition("tags", F.listType(F.named("String"))),
        ]
        let result = coerce(["id": .int(4), "note": .null, "tags": .string("a")], definitions)
        #expect(result == .values(["id": .string("4"), "limit": .int(10), "note": .null, "tags": .list([.string("a")])]))
        if case .values(let values) = result { #expect(values["after"] == nil) }
    }

    @Test("a null given for a variable with a default stays null")
    func nullOverDefault() {
        let definitions = [F.definition("limit", F.named("Int"), default: F.constant(.int("10")))]
        #expect(coerce(["limit": .null], definitions) == .values(["limit": .null]))
    }

    @Test("a required variable that is missing or null is reported")
    func required() {
        let definitions = [F.definition("a", F.nonNull(F.named("Int"))), F.definition("b", F.nonNull(F.named("Int")))]
        #expect(coerce(["b": .null], definitions) == .errors([
            #"Variable "$a" of required type "Int!" was not provided."#,
            #"Variable "$b" of non-null type "Int!" must not be null."#,
        ]))
    }

    @Test("a variable of a non-input type is reported at its type")
    func nonInputType() {
        let result = InputCoercion.coerceVariableValues(
            ["q": .null], definitions: [F.definition("q", F.nonNull(F.named("Query", at: 21)), at: 20)], schema: schema,
            source: source)
        guard case .failure(let failure) = result else {
            Issue.record("expected errors")
            return
        }
        #expect(failure.errors.map(\.message)
            == [#"Variable "$q" expected value of type "Query!" which cannot be used as an input type."#])
        #expect(failure.errors.first?.locations == [SourceLocation(line: 3, column: 2)])
        #expect(coerce([:], [F.definition("u", F.named("Unknown"))])
            == .errors([#"Variable "$u" expected value of type "Unknown" which cannot be used as an input type."#]))
    }

    @Test("errors name the variable and the path inside it, at the definition, as bad user input")
    func errorShape() {
        let items: Value = .list([.object(["productId": .int(1), "quantity": .int(-1)]), .object(["productId": .int(1), "quantity": .string("2")])])
        let result = InputCoercion.coerceVariableValues(
            ["input": .object(["items": items])],
            definitions: [F.definition("input", F.nonNull(F.named("OrderInput")), at: 30)], schema: schema, source: source)
        guard case .failure(let failure) = result else {
            Issue.record("expected errors")
            return
        }
        #expect(failure.errors.map(\.message)
            == [#"Variable "$input" got invalid value "2" at "input.items[1].quantity"; Int cannot represent non-integer value: "2""#])
        #expect(failure.errors.first?.locations == [SourceLocation(line: 4, column: 1)])
        #expect(failure.errors.first?.code == "BAD_USER_INPUT")
    }

    @Test("a value with no path inside it is reported without one")
    func topLevelError() {
        #expect(coerce(["n": .float(1.5)], [F.definition("n", F.named("Int"))])
            == .errors([#"Variable "$n" got invalid value 1.5; Int cannot represent non-integer value: 1.5"#]))
    }

    @Test("every variable is checked, and all problems are returned together")
    func allAtOnce() {
        let definitions = [F.definition("a", F.named("Int")), F.definition("b", F.named("Boolean")), F.definition("c", F.named("Color"))]
        #expect(coerce(["a": .string("1"), "b": .bool(true), "c": .string("RED "), "unused": .int(1)], definitions) == .errors([
            #"Variable "$a" got invalid value "1"; Int cannot represent non-integer value: "1""#,
            #"Variable "$c" got invalid value "RED "; Value "RED " does not exist in "Color" enum. Did you mean the enum value "RED"?"#,
        ]))
    }

    @Test("past the error limit, coercion stops with a final error")
    func errorLimit() {
        let bad: Value = .list((0..<10).map { _ in .string("x") })
        let definitions = [F.definition("a", F.listType(F.named("Int"))), F.definition("b", F.named("Int"))]
        guard case .errors(let messages) = coerce(["a": bad, "b": .null], definitions, maxErrors: 3) else {
            Issue.record("expected errors")
            return
        }
        #expect(messages.count == 4)
        #expect(messages.last == "Too many errors processing variables, error limit reached. Execution aborted.")
        #expect(messages.first == #"Variable "$a" got invalid value "x" at "a[0]"; Int cannot represent non-integer value: "x""#)
    }

    @Test("the error limit also counts missing variables")
    func errorLimitMissing() {
        let definitions = (0..<5).map { F.definition("v\($0)", F.nonNull(F.named("Int"))) }
        guard case .errors(let messages) = coerce([:], definitions, maxErrors: 2) else {
            Issue.record("expected errors")
            return
        }
        #expect(messages == [
            #"Variable "$v0" of required type "Int!" was not provided."#,
            #"Variable "$v1" of required type "Int!" was not provided."#,
            "Too many errors processing variables, error limit reached. Execution aborted.",
        ])
    }

    @Test("a huge bad input costs bounded work and message count")
    func hugeInput() {
        let bad: Value = .list((0..<100_000).map { _ in .bool(true) })
        guard case .errors(let messages) = coerce(["a": bad], [F.definition("a", F.listType(F.named("Int")))]) else {
            Issue.record("expected errors")
            return
        }
        #expect(messages.count == 51)
    }

    @Test("errors from a parsed operation point at the variable's definition")
    func parsedOperation() throws {
        let text = """
            query Order(
              $input: OrderInput!
              $first: Int = 3
              $colors: [Color!] = [RED, BLUE]
            ) { order(input: $input) }
            """
        let document = try Parser.parse(Source(text)).executable
        let definitions = try #require(document.operations.first).variableDefinitions
        let given: ObjectValue = ["input": .object(["items": .list([.object(["productId": .string("p"), "quantity": .int(1)])])])]
        let coerced = InputCoercion.coerceVariableValues(given, definitions: definitions, schema: schema, source: document.source)
        #expect(coerced == .success([
            "input": .object(["items": .list([.object(["productId": .string("p"), "quantity": .int(1), "size": .int(1)])]), "color": .string("RED")]),
            "first": .int(3), "colors": .list([.string("RED"), .string("BLUE")]),
        ]))

        let bad: ObjectValue = ["input": .object(["items": .list([])]), "colors": .list([.string("RED"), .null])]
        guard case .failure(let failure) = InputCoercion.coerceVariableValues(bad, definitions: definitions, schema: schema, source: document.source) else {
            Issue.record("expected errors")
            return
        }
        #expect(failure.errors.map(\.message)
            == [#"Variable "$colors" got invalid value null at "colors[1]"; Expected non-nullable type "Color!" not to be null."#])
        #expect(failure.errors.map(\.locations) == [[SourceLocation(line: 4, column: 3)]])
    }
}
