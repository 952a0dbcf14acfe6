import Testing
@testable import GraphQL

/// Shapes that make a naive field-merging check quadratic or exponential. Each must give
/// graphql-js's answer; their speed is measured in Benchmarks, not here.
@Suite("OverlappingFieldsCanBeMerged on large documents")
struct OverlappingFieldsCanBeMergedTests {
    let schema: Schema
    let rule = ["OverlappingFieldsCanBeMergedRule"]

    init() throws { schema = try testSchema(petSchemaSDL) }

    @Test("a thousand identical fields merge")
    func identicalFieldsMerge() throws {
        let fields = String(repeating: "name ", count: 1000)
        let errors = try validationErrors("{ dog { \(fields) } }", schema: schema, rules: rule)
        #expect(errors.isEmpty)
    }

    @Test("a thousand identical fields with sub-selections merge")
    func identicalFieldsWithSelectionsMerge() throws {
        let fields = String(repeating: "dog { name nickname } ", count: 1000)
        let errors = try validationErrors("{ \(fields) }", schema: schema, rules: rule)
        #expect(errors.isEmpty)
    }

    @Test("a fragment spread a thousand times merges")
    func repeatedSpreadMerges() throws {
        let spreads = String(repeating: "...F ", count: 1000)
        let errors = try validationErrors(
            "{ dog { \(spreads) } } fragment F on Dog { name barkVolume }", schema: schema,
            rules: rule)
        #expect(errors.isEmpty)
    }

    @Test("many fragments that spread each other merge")
    func nestedFragmentsMerge() throws {
        var text = "{ dog { " + (0..<100).map { "...F\($0) " }.joined() + "} }\n"
        text += "fragment F0 on Dog { name }\n"
        for index in 1..<100 {
            text += "fragment F\(index) on Dog { name nickname ...F\(index - 1) }\n"
        }
        let errors = try validationErrors(text, schema: schema, rules: rule)
        #expect(errors.isEmpty)
    }

    @Test("many copies of one conflict stop at the error limit")
    func repeatedConflictsAreCapped() throws {
        let fields = String(repeating: "x: name x: nickname ", count: 500)
        let errors = try validationErrors("{ dog { \(fields) } }", schema: schema, rules: rule)
        #expect(errors.count == 101)
        #expect(
            errors.first?.message
                == "Fields \"x\" conflict because \"name\" and \"nickname\" are different fields."
                + " Use different aliases on the fields to fetch both if this was intentional.")
        #expect(errors.last?.message.hasPrefix("Too many validation errors") == true)
    }

    @Test("identical fields whose sub-fields conflict report both levels, as graphql-js does")
    func identicalFieldsStillCompareSubfields() throws {
        let (text, at) = unmarkAll(
            "{ ▸dog { ▸x: name ▸x: nickname } ▸dog { ▸x: name ▸x: nickname } }")
        let errors = try validationErrors(text, schema: schema, rules: rule)
        let suffix = ". Use different aliases on the fields to fetch both if this was intentional."
        let outer: String =
            "Fields \"dog\" conflict because subfields \"x\" conflict because \"name\" and"
            + " \"nickname\" are different fields and subfields \"x\" conflict because"
            + " \"nickname\" and \"name\" are different fields" + suffix
        let inner: String =
            "Fields \"x\" conflict because \"name\" and \"nickname\" are different fields" + suffix
        let messages: [String] = errors.map(\.message)
        #expect(messages == [outer, inner, inner])
        let expectedLocations: [[GraphQL.SourceLocation]] = [
            [at[0], at[1], at[2], at[3], at[5], at[4]], [at[1], at[2]], [at[4], at[5]],
        ]
        let locations: [[GraphQL.SourceLocation]] = errors.map(\.locations)
        #expect(locations == expectedLocations)
    }

    @Test("arguments compare by value, object fields in any order")
    func argumentsCompareByValue() throws {
        let same = try validationErrors(
            "{ dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) } }",
            schema: schema, rules: rule)
        #expect(same.isEmpty)
        let different = try validationErrors(
            "{ dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) } }",
            schema: schema, rules: rule)
        #expect(different.map(\.message).first?.contains("differing arguments") == true)
    }

    @Test("field sets with the same shape each report their conflict with a fragment")
    func sameShapeFieldSetsBothReport() throws {
        let (text, at) = unmarkAll(
            "{ a: dog { ▸x: name ...F } b: dog { ▸x: name ...F } } fragment F on Dog { ▸x: nickname }")
        let errors = try validationErrors(text, schema: schema, rules: rule)
        let message =
            "Fields \"x\" conflict because \"name\" and \"nickname\" are different fields."
            + " Use different aliases on the fields to fetch both if this was intentional."
        let messages: [String] = errors.map(\.message)
        #expect(messages == [message, message])
        let locations: [[GraphQL.SourceLocation]] = errors.map(\.locations)
        #expect(locations == [[at[0], at[2]], [at[1], at[2]]])
    }

    @Test("a conflict inside an inline fragment is reported once, as graphql-js does")
    func inlineFragmentConflictOnce() throws {
        let documents = [
            "{ pet { ... on Dog { ▸a: name ▸a: nickname } } }",
            "{ dog { ... { ▸a: name ▸a: nickname } } }",
            "{ ... on Query { dog { ... on Dog { ... on Pet { ▸a: name ▸a: nickname } } } } }",
        ]
        for marked in documents {
            let (text, at) = unmarkAll(marked)
            let errors = try validationErrors(text, schema: schema, rules: rule)
            #expect(errors.map(\.message) == [
                OverlappingFieldsCanBeMergedRule.conflict(
                    "a", OverlappingFieldsCanBeMergedRule.differentFields("name", "nickname")),
            ], "\(text)")
            #expect(errors.first?.locations == at, "\(text)")
        }
        // Fields of an inline fragment still conflict with their enclosing selection set's.
        let (text, at) = unmarkAll("{ dog { ▸a: name ... on Dog { ▸a: nickname } } }")
        let errors = try validationErrors(text, schema: schema, rules: rule)
        #expect(errors.count == 1)
        #expect(errors.first?.locations == at)
    }

    @Test("a hand-built document without source text is still compared field by field")
    func handBuiltDocument() throws {
        let schema = try testSchema("type Query { a: String b: String }")
        let nowhere = Location(start: 0, end: 0)
        func field(_ alias: String, _ name: String) -> Selection {
            .field(
                Field(
                    alias: Name(alias, location: nowhere), name: Name(name, location: nowhere),
                    arguments: [], directives: [], selectionSet: nil, location: nowhere))
        }
        let operation = OperationDefinition(
            description: nil, operation: .query, name: nil, variableDefinitions: [],
            directives: [],
            selectionSet: SelectionSet(
                selections: [field("x", "a"), field("x", "a"), field("x", "b")],
                location: nowhere),
            isShorthand: true, location: nowhere)
        let document = Document(
            definitions: [.executable(.operation(operation))], source: Source(""))
        let errors = Validator.validate(
            document, schema: schema, rules: [OverlappingFieldsCanBeMergedRule.self])
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.message.contains("\"a\" and \"b\" are different fields") })
    }
}
