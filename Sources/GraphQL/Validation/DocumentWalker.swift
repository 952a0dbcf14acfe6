/// Walks a document once, calling every rule in parallel and keeping `TypeInfo` in step.
///
/// For each node: `TypeInfo` enters it, then each rule's `enter`; after the children, each
/// rule's `leave`, then `TypeInfo` leaves it (graphql-js's `visitWithTypeInfo` around
/// `visitInParallel`). A rule that skips a node gets no calls until the walk leaves it.
/// Rules are called only at the kinds of node they list in `visitedNodes`, in rule order.
struct DocumentWalker {
    let context: ValidationContext
    private var rules: [any ValidationRule]
    /// For each rule, the depth of the node whose children it skips.
    private var skippedAt: [Int?]
    /// For each kind of node (by bit of `VisitedNodes`), the indices of the rules visiting it.
    private let visitors: [[Int]]
    private var depth = 0

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = rules
        self.skippedAt = Array(repeating: nil, count: rules.count)
        var visitors = Array(repeating: [Int](), count: VisitedNodes.count)
        for (index, rule) in rules.enumerated() {
            var kinds = type(of: rule).visitedNodes.rawValue
            while kinds != 0 {
                let bit = kinds.trailingZeroBitCount
                if bit < VisitedNodes.count { visitors[bit].append(index) }
                kinds &= kinds - 1
            }
        }
        self.visitors = visitors
    }

    private var isAborted: Bool { context.isAborted }

    /// The rules visiting one kind of node.
    private func visitors(of kind: VisitedNodes) -> [Int] {
        visitors[kind.rawValue.trailingZeroBitCount]
    }

    private mutating func enter(
        _ kind: VisitedNodes, _ call: (inout any ValidationRule) -> VisitAction
    ) {
        depth += 1
        for index in visitors(of: kind) where skippedAt[index] == nil {
            if call(&rules[index]) == .skipChildren { skippedAt[index] = depth }
            if isAborted { return }
        }
    }

    private mutating func leave(_ kind: VisitedNodes, _ call: (inout any ValidationRule) -> Void) {
        defer { depth -= 1 }
        // Only a rule visiting this kind can have skipped this node's children.
        for index in visitors(of: kind) {
            if let skipped = skippedAt[index] {
                if skipped == depth { skippedAt[index] = nil }
                continue
            }
            call(&rules[index])
            if isAborted { return }
        }
    }

    mutating func walk(_ document: Document) {
        for index in visitors(of: .document) {
            rules[index].enterDocument(document)
            if isAborted { return }
        }
        for definition in document.definitions {
            if isAborted { return }
            switch definition {
            case .executable(.operation(let operation)): walk(operation)
            case .executable(.fragment(let fragment)): walk(fragment)
            case .typeSystem(let definition):
                for index in visitors(of: .typeSystemDefinition) where !isAborted {
                    rules[index].enterTypeSystemDefinition(definition)
                }
            }
        }
        for index in visitors(of: .document) where !isAborted {
            rules[index].leaveDocument(document)
        }
    }

    private mutating func walk(_ operation: OperationDefinition) {
        context.typeInfo.enterOperation(operation)
        enter(.operation) { $0.enterOperation(operation) }
        for definition in operation.variableDefinitions where !isAborted { walk(definition) }
        let location: DirectiveLocation =
            switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walk(operation.directives, at: location)
        walk(operation.selectionSet)
        if !isAborted { leave(.operation) { $0.leaveOperation(operation) } }
        context.typeInfo.leaveOperation()
    }

    private mutating func walk(_ definition: VariableDefinition) {
        context.typeInfo.enterVariableDefinition(definition)
        enter(.variableDefinition) { $0.enterVariableDefinition(definition) }
        walkNamedType(definition.type.namedType)
        if let defaultValue = definition.defaultValue { walk(defaultValue.withVariables) }
        walk(definition.directives.map(\.withVariables), at: .variableDefinition)
        if !isAborted { leave(.variableDefinition) { $0.leaveVariableDefinition(definition) } }
        context.typeInfo.leaveVariableDefinition()
    }

    private mutating func walkNamedType(_ name: Name) {
        guard !isAborted else { return }
        enter(.namedType) {
            $0.enterNamedType(name)
            return .visitChildren
        }
        if !isAborted { leave(.namedType) { _ in } }
    }

    private mutating func walk(_ fragment: FragmentDefinition) {
        context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        enter(.fragmentDefinition) { $0.enterFragmentDefinition(fragment) }
        walkNamedType(fragment.typeCondition)
        walk(fragment.directives, at: .fragmentDefinition)
        walk(fragment.selectionSet)
        if !isAborted { leave(.fragmentDefinition) { $0.leaveFragmentDefinition(fragment) } }
        context.typeInfo.leaveFragment()
    }

    private mutating func walk(_ selectionSet: SelectionSet) {
        guard !isAborted else { return }
        context.typeInfo.enterSelectionSet()
        enter(.selectionSet) { $0.enterSelectionSet(selectionSet) }
        // Selections are read in place: a `for … in` loop copies each one, retaining every
        // reference in it, which was a large share of the walk.
        selectionSet.selections.withUnsafeBufferPointer { selections in
            for index in selections.indices where !isAborted {
                switch selections[index] {
                case .field(let field): walk(field)
                case .fragmentSpread(let spread): walk(spread)
                case .inlineFragment(let fragment): walk(fragment)
                }
            }
        }
        if !isAborted { leave(.selectionSet) { $0.leaveSelectionSet(selectionSet) } }
        context.typeInfo.leaveSelectionSet()
    }

    private mutating func walk(_ field: Field) {
        context.typeInfo.enterField(field)
        enter(.field) { $0.enterField(field) }
        for argument in field.arguments where !isAborted { walk(argument) }
        walk(field.directives, at: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        if !isAborted { leave(.field) { $0.leaveField(field) } }
        context.typeInfo.leaveField()
    }

    private mutating func walk(_ spread: FragmentSpread) {
        enter(.fragmentSpread) { $0.enterFragmentSpread(spread) }
        walk(spread.directives, at: .fragmentSpread)
        if !isAborted { leave(.fragmentSpread) { $0.leaveFragmentSpread(spread) } }
    }

    private mutating func walk(_ fragment: InlineFragment) {
        context.typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        enter(.inlineFragment) { $0.enterInlineFragment(fragment) }
        if let typeCondition = fragment.typeCondition { walkNamedType(typeCondition) }
        walk(fragment.directives, at: .inlineFragment)
        walk(fragment.selectionSet)
        if !isAborted { leave(.inlineFragment) { $0.leaveInlineFragment(fragment) } }
        context.typeInfo.leaveFragment()
    }

    private mutating func walk(_ directives: [Directive], at location: DirectiveLocation) {
        for directive in directives where !isAborted {
            context.typeInfo.enterDirective(directive)
            enter(.directive) { $0.enterDirective(directive, at: location) }
            for argument in directive.arguments where !isAborted { walk(argument) }
            if !isAborted { leave(.directive) { $0.leaveDirective(directive, at: location) } }
            context.typeInfo.leaveDirective()
        }
    }

    private mutating func walk(_ argument: Argument) {
        context.typeInfo.enterArgument(argument)
        enter(.argument) { $0.enterArgument(argument) }
        walk(argument.value)
        if !isAborted { leave(.argument) { $0.leaveArgument(argument) } }
        context.typeInfo.leaveArgument()
    }

    private mutating func walk(_ value: ValueNode) {
        guard !isAborted else { return }
        switch value.kind {
        case .list(let items):
            context.typeInfo.enterList()
            enter(.value) { $0.enterValue(value) }
            for item in items where !isAborted { walk(item) }
            if !isAborted { leave(.value) { $0.leaveValue(value) } }
            context.typeInfo.leaveList()
        case .object(let fields):
            enter(.value) { $0.enterValue(value) }
            for field in fields where !isAborted {
                context.typeInfo.enterObjectField(field)
                enter(.objectField) { $0.enterObjectField(field) }
                walk(field.value)
                if !isAborted { leave(.objectField) { $0.leaveObjectField(field) } }
                context.typeInfo.leaveObjectField()
            }
            if !isAborted { leave(.value) { $0.leaveValue(value) } }
        default:
            enter(.value) { $0.enterValue(value) }
            if !isAborted { leave(.value) { $0.leaveValue(value) } }
        }
    }
}
