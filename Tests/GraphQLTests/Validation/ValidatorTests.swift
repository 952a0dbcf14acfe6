import Testing
@testable import GraphQL

@Suite("Validator")
struct ValidatorTests {
    let schema: Schema

    init() throws { schema = try testSchema(petSchemaSDL) }

    @Test("a valid document has no errors under all rules")
    func validDocumentPasses() throws {
        let errors = try validationErrors(
            """
            query Q($command: DogCommand = SIT) {
              dog { name ...Names doesKnowCommand(dogCommand: $command) }
              pet { ... on Cat { meowVolume } }
            }
            fragment Names on Dog { nickname __typename }
            """, schema: schema)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("one walk reports errors of several rules in document order")
    func severalRulesInDocumentOrder() throws {
        let (text, locations) = unmarkAll(
            """
            ▸query Q(▸$unused: Int) { dog { ▸unknownField } cat { name(▸x: 1) } }
            """)
        let errors = try validationErrors(text, schema: schema)
        let messages: [String] = errors.map(\.message)
        #expect(
            messages == [
                "Cannot query field \"unknownField\" on type \"Dog\".",
                "Unknown argument \"x\" on field \"Cat.name\".",
                "Variable \"$unused\" is never used in operation \"Q\".",
            ])
        let expected: [[GraphQL.SourceLocation]] = [[locations[2]], [locations[3]], [locations[1]]]
        #expect(errors.map(\.locations) == expected)
    }

    @Test("errors carry the validation-failed code")
    func errorsHaveCode() throws {
        let errors = try validationErrors("{ cow }", schema: schema)
        #expect(errors.map(\.code) == [ErrorCode.validationFailed.rawValue])
    }

    @Test("validation stops after 100 errors with graphql-js's abort error")
    func errorLimitStopsValidation() throws {
        let fields = (1...150).map { "unknown\($0)" }.joined(separator: " ")
        let errors = try validationErrors("{ \(fields) }", schema: schema)
        #expect(errors.count == 101)
        #expect(
            errors.last?.message
                == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(errors.last?.locations == [])
        #expect(errors[99].message == "Cannot query field \"unknown100\" on type \"Query\".")
    }

    @Test("the error limit can be lowered")
    func errorLimitIsAnOption() throws {
        let errors = try validationErrors(
            "{ a b c d }", schema: schema, options: ValidationOptions(maxErrors: 2))
        #expect(errors.count == 3)
        #expect(errors[2].message.hasPrefix("Too many validation errors"))
    }

    @Test("hidden suggestions leave \"Did you mean\" out of every message")
    func suggestionsCanBeHidden() throws {
        let text = """
            { dog { nam doesKnowCommand(dogComand: SIT) } pets { name } }
            query Q($x: Dgo) { dog { doesKnowCommand(dogCommand: sit) } }
            """
        let shown = try validationErrors(text, schema: schema).map(\.message)
        #expect(shown.contains("Cannot query field \"nam\" on type \"Dog\". Did you mean \"name\"?"))
        #expect(shown.contains { $0.contains("Did you mean \"dogCommand\"?") })
        #expect(shown.contains { $0.contains("Did you mean \"pet\"") })
        #expect(shown.contains("Unknown type \"Dgo\". Did you mean \"Dog\"?"))
        #expect(shown.contains { $0.contains("Did you mean the enum value \"SIT\"?") })
        let hidden = try validationErrors(
            text, schema: schema, options: ValidationOptions(hideSuggestions: true)
        ).map(\.message)
        #expect(hidden.count == shown.count)
        #expect(!hidden.contains { $0.contains("Did you mean") }, "\(hidden)")
        #expect(hidden.contains("Cannot query field \"nam\" on type \"Dog\"."))
    }

    @Test("a rule that skips a subtree does not hide it from other rules")
    func skippingIsPerRule() throws {
        // UniqueOperationNames skips every operation's insides; ScalarLeafs must still see them.
        let errors = try validationErrors(
            "query A { dog } query A { cat { name } }", schema: schema,
            rules: ["UniqueOperationNamesRule", "ScalarLeafsRule"])
        #expect(
            errors.map(\.message) == [
                "Field \"dog\" of type \"Dog\" must have a selection of subfields. Did you mean \"dog { ... }\"?",
                "There can be only one operation named \"A\".",
            ])
    }

    @Test("every specified rule is found by its graphql-js name")
    func rulesAreFoundByName() {
        let names = Validator.specifiedRules.map { $0.name }
        #expect(Set(names).count == names.count)
        #expect(names.count == 27)
        for name in names {
            #expect(Validator.specifiedRule(named: name)?.name == name)
            #expect(name.hasSuffix("Rule"))
        }
        #expect(Validator.specifiedRule(named: "NoSuchRule") == nil)
    }
}

@Suite("Validator error order")
struct ValidatorErrorOrderTests {
    @Test("a missing required argument is reported after the errors inside its field")
    func requiredArgumentsCheckedOnLeave() throws {
        let schema = try testSchema(
            "type Query { dog(id: ID!): Dog } type Dog { name: String }")
        let errors = try validationErrors(
            "{ dog { unknown } } query Q { dog(id: 1) @include { name } }", schema: schema,
            rules: ["FieldsOnCorrectTypeRule", "ProvidedRequiredArgumentsRule", "KnownArgumentNamesRule"])
        let messages: [String] = errors.map(\.message)
        #expect(
            messages == [
                "Cannot query field \"unknown\" on type \"Dog\".",
                "Field \"dog\" argument \"id\" of type \"ID!\" is required, but it was not provided.",
                "Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
            ])
    }
}
