/// Walks a document once, calling every rule in parallel and keeping `TypeInfo` in step.
///
/// For each node: `TypeInfo` enters it, then each rule's `enter`; after the children, each
/// rule's `leave`, then `TypeInfo` leaves it (graphql-js's `visitWithTypeInfo` around
/// `visitInParallel`). A rule that skips a node gets no calls until the walk leaves it.
struct DocumentWalker {
    let context: ValidationContext
    private var rules: [any ValidationRule]
    /// For each rule, the depth of the node whose children it skips.
    private var skippedAt: [Int?]
    private var depth = 0

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = rules
        self.skippedAt = Array(repeating: nil, count: rules.count)
    }

    private var isAborted: Bool { context.isAborted }

    private mutating func enter(_ call: (inout any ValidationRule) -> VisitAction) {
        depth += 1
        for index in rules.indices where skippedAt[index] == nil {
            if call(&rules[index]) == .skipChildren { skippedAt[index] = depth }
            if isAborted { return }
        }
    }

    private mutating func leave(_ call: (inout any ValidationRule) -> Void) {
        defer { depth -= 1 }
        for index in rules.indices {
            if let skipped = skippedAt[index] {
                if skipped == depth { skippedAt[index] = nil }
                continue
            }
            call(&rules[index])
            if isAborted { return }
        }
    }

    mutating func walk(_ document: Document) {
        for index in rules.indices {
            rules[index].enterDocument(document)
            if isAborted { return }
        }
        for definition in document.definitions {
            if isAborted { return }
            switch definition {
            case .executable(.operation(let operation)): walk(operation)
            case .executable(.fragment(let fragment)): walk(fragment)
            case .typeSystem(let definition):
                for index in rules.indices where !isAborted {
                    rules[index].enterTypeSystemDefinition(definition)
                }
            }
        }
        for index in rules.indices where !isAborted {
            rules[index].leaveDocument(document)
        }
    }

    private mutating func walk(_ operation: OperationDefinition) {
        context.typeInfo.enterOperation(operation)
        enter { $0.enterOperation(operation) }
        for definition in operation.variableDefinitions where !isAborted { walk(definition) }
        let location: DirectiveLocation =
            switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walk(operation.directives, at: location)
        walk(operation.selectionSet)
        if !isAborted { leave { $0.leaveOperation(operation) } }
        context.typeInfo.leaveOperation()
    }

    private mutating func walk(_ definition: VariableDefinition) {
        context.typeInfo.enterVariableDefinition(definition)
        enter { $0.enterVariableDefinition(definition) }
        walkNamedType(definition.type.namedType)
        if let defaultValue = definition.defaultValue { walk(defaultValue.withVariables) }
        walk(definition.directives.map(\.withVariables), at: .variableDefinition)
        if !isAborted { leave { $0.leaveVariableDefinition(definition) } }
        context.typeInfo.leaveVariableDefinition()
    }

    private mutating func walkNamedType(_ name: Name) {
        guard !isAborted else { return }
        enter {
            $0.enterNamedType(name)
            return .visitChildren
        }
        if !isAborted { leave { _ in } }
    }

    private mutating func walk(_ fragment: FragmentDefinition) {
        context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        enter { $0.enterFragmentDefinition(fragment) }
        walkNamedType(fragment.typeCondition)
        walk(fragment.directives, at: .fragmentDefinition)
        walk(fragment.selectionSet)
        if !isAborted { leave { $0.leaveFragmentDefinition(fragment) } }
        context.typeInfo.leaveFragment()
    }

    private mutating func walk(_ selectionSet: SelectionSet) {
        guard !isAborted else { return }
        context.typeInfo.enterSelectionSet()
        enter { $0.enterSelectionSet(selectionSet) }
        for selection in selectionSet.selections where !isAborted {
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread): walk(spread)
            case .inlineFragment(let fragment): walk(fragment)
            }
        }
        if !isAborted { leave { $0.leaveSelectionSet(selectionSet) } }
        context.typeInfo.leaveSelectionSet()
    }

    private mutating func walk(_ field: Field) {
        context.typeInfo.enterField(field)
        enter { $0.enterField(field) }
        for argument in field.arguments where !isAborted { walk(argument) }
        walk(field.directives, at: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        if !isAborted { leave { $0.leaveField(field) } }
        context.typeInfo.leaveField()
    }

    private mutating func walk(_ spread: FragmentSpread) {
        enter { $0.enterFragmentSpread(spread) }
        walk(spread.directives, at: .fragmentSpread)
        if !isAborted { leave { $0.leaveFragmentSpread(spread) } }
    }

    private mutating func walk(_ fragment: InlineFragment) {
        context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        enter { $0.enterInlineFragment(fragment) }
        if let typeCondition = fragment.typeCondition { walkNamedType(typeCondition) }
        walk(fragment.directives, at: .inlineFragment)
        walk(fragment.selectionSet)
        if !isAborted { leave { $0.leaveInlineFragment(fragment) } }
        context.typeInfo.leaveFragment()
    }

    private mutating func walk(_ directives: [Directive], at location: DirectiveLocation) {
        for directive in directives where !isAborted {
            context.typeInfo.enterDirective(directive)
            enter { $0.enterDirective(directive, at: location) }
            for argument in directive.arguments where !isAborted { walk(argument) }
            if !isAborted { leave { $0.leaveDirective(directive, at: location) } }
            context.typeInfo.leaveDirective()
        }
    }

    private mutating func walk(_ argument: Argument) {
        context.typeInfo.enterArgument(argument)
        enter { $0.enterArgument(argument) }
        walk(argument.value)
        if !isAborted { leave { $0.leaveArgument(argument) } }
        context.typeInfo.leaveArgument()
    }

    private mutating func walk(_ value: ValueNode) {
        guard !isAborted else { return }
        switch value.kind {
        case .list(let items):
            context.typeInfo.enterList()
            enter { $0.enterValue(value) }
            for item in items where !isAborted { walk(item) }
            if !isAborted { leave { $0.leaveValue(value) } }
            context.typeInfo.leaveList()
        case .object(let fields):
            enter { $0.enterValue(value) }
            for field in fields where !isAborted {
                context.typeInfo.enterObjectField(field)
                enter { $0.enterObjectField(field) }
                walk(field.value)
                if !isAborted { leave { $0.leaveObjectField(field) } }
                context.typeInfo.leaveObjectField()
            }
            if !isAborted { leave { $0.leaveValue(value) } }
        default:
            enter { $0.enterValue(value) }
            if !isAborted { leave { $0.leaveValue(value) } }
        }
    }
}
