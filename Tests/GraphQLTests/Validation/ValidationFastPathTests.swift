import Testing
@testable import GraphQL

/// The shortcuts that keep validation fast: each must give the same answer as the long way.
@Suite("Validation fast paths")
struct ValidationFastPathTests {
    /// Reports at every selection set and every field, but lists only fields.
    struct FieldsOnlyRule: ValidationRule {
        static let name = "FieldsOnlyRule"
        static let visitedNodes: VisitedNodes = .field
        let context: ValidationContext

        init(context: ValidationContext) { self.context = context }

        func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction {
            context.report("selection set", at: [selectionSet.location])
            return .visitChildren
        }

        func enterField(_ field: Field) -> VisitAction {
            context.report("field", at: [field.location])
            return .visitChildren
        }
    }

    @Test("a rule is called only at the kinds of node it lists")
    func rulesOnlySeeTheirNodes() throws {
        let schema = try testSchema("type Query { a: A } type A { b: String c: String }")
        let document = try Parser.parse(Source("{ a { b c } }"))
        let errors = Validator.validate(document, schema: schema, rules: [FieldsOnlyRule.self])
        #expect(errors.map(\.message) == ["field", "field", "field"])
    }

    @Test("a selection set holds no variable when its text has no $, if the text is the parser's")
    func variableScan() throws {
        let document = try Parser.parse(
            Source("query Q($x: Int) { a(n: $x) { b } c { d } }"))
        guard case .executable(.operation(let operation)) = document.definitions[0],
            case .field(let a) = operation.selectionSet.selections[0],
            case .field(let c) = operation.selectionSet.selections[1]
        else {
            Issue.record("unexpected document shape")
            return
        }
        let bytes = document.source.bytes
        #expect(VariableUsageCollector.mayHoldVariable(operation.selectionSet, in: bytes))
        #expect(!VariableUsageCollector.mayHoldVariable(try #require(a.selectionSet), in: bytes))
        #expect(!VariableUsageCollector.mayHoldVariable(try #require(c.selectionSet), in: bytes))
        // A location that does not span `{ … }` is not trusted: the tree is walked.
        let handBuilt = SelectionSet(selections: [], location: Location(start: 0, end: 5))
        #expect(VariableUsageCollector.mayHoldVariable(handBuilt, in: bytes))
    }

    @Test("an undefined variable in a hand-built document without source text is still found")
    func handBuiltVariable() throws {
        let schema = try testSchema("type Query { a(n: Int): String }")
        let nowhere = Location(start: 0, end: 0)
        let argument = Argument(
            name: Name("n", location: nowhere),
            value: ValueNode(
                .variable(Variable(name: Name("x", location: nowhere), location: nowhere)),
                location: nowhere),
            location: nowhere)
        let field = Field(
            alias: nil, name: Name("a", location: nowhere), arguments: [argument],
            directives: [], selectionSet: nil, location: nowhere)
        let operation = OperationDefinition(
            description: nil, operation: .query, name: nil, variableDefinitions: [],
            directives: [],
            selectionSet: SelectionSet(selections: [.field(field)], location: nowhere),
            isShorthand: true, location: nowhere)
        let document = Document(
            definitions: [.executable(.operation(operation))], source: Source(""))
        let rule = try #require(Validator.specifiedRule(named: "NoUndefinedVariablesRule"))
        let errors = Validator.validate(document, schema: schema, rules: [rule])
        #expect(errors.map(\.message) == ["Variable \"$x\" is not defined."])
    }

    @Test("only selection sets with a repeated response name or a fragment beside anything are compared")
    func comparisonNeeded() throws {
        func needs(_ text: String) throws -> Bool {
            let document = try Parser.parse(Source(text))
            guard case .executable(.operation(let operation)) = document.definitions[0] else {
                Issue.record("no operation")
                return false
            }
            return ConflictFinder.needsComparison(operation.selectionSet)
        }
        #expect(try !needs("{ a b c { a } }"))
        #expect(try !needs("{ ...F }"))
        #expect(try !needs("{ ...F ...F }"))
        #expect(try !needs("{ a ... on T { b } }"))
        #expect(try !needs("{ a x: a }"))
        #expect(try needs("{ x: a x: b }"))
        #expect(try needs("{ a ... on T { a } }"))
        #expect(try needs("{ a ...F }"))
        #expect(try needs("{ ...F ...G }"))
        #expect(try needs("{ ... on T { ...F } b }"))
    }

    @Test("the type index finds fields as the schema does: meta-fields for TypeInfo, declared fields for merging")
    func typeIndex() throws {
        let schema = try testSchema(
            "type Query { a: A u: U } type A { b: String } type B { c: Int } union U = A | B")
        let index = schema.typeIndex
        for typeName in ["Query", "A", "B", "U", "String"] {
            let entry = try #require(index[typeName])
            for fieldName in ["a", "u", "b", "c", "__typename", "__schema", "__type", "zz"] {
                let expected = schema.fieldDefinition(fieldName, on: typeName)
                #expect(entry.fields[fieldName]?.definition.name == expected?.name)
                #expect(entry.fieldTable[fieldName]?.definition.name == expected?.name)
                #expect(
                    entry.declaredField(fieldName)?.definition.name
                        == schema[typeName]?.field(named: fieldName)?.name)
            }
        }
        let field = try #require(index["Query"]?.fields["a"])
        #expect(field.namedTypeID == index.ids["A"])
        #expect(field.isComposite)
        #expect(index["A"]?.fields["b"]?.isComposite == false)
        #expect(index["A"]?.fields["b"]?.isLeaf == true)
        #expect(field.isLeaf == false)
    }
}
