/// Finds every variable used in a selection set (fragment spreads not followed), with the
/// input type expected where each stands, by walking with its own `TypeInfo`.
struct VariableUsageCollector {
    var typeInfo: TypeInfo
    private(set) var usages: [VariableUsage] = []

    init(typeInfo: TypeInfo) {
        self.typeInfo = typeInfo
    }

    /// Walks directives (of the operation or fragment) and then the selection set.
    mutating func collect(_ selectionSet: SelectionSet, directives: [Directive] = []) {
        collect(directives)
        collect(selectionSet)
    }

    private mutating func collect(_ selectionSet: SelectionSet) {
        typeInfo.enterSelectionSet()
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                typeInfo.enterField(field)
                for argument in field.arguments { collect(argument) }
                collect(field.directives)
                if let inner = field.selectionSet { collect(inner) }
                typeInfo.leaveField()
            case .fragmentSpread(let spread):
                collect(spread.directives)
            case .inlineFragment(let fragment):
                typeInfo.enterFragment(typeCondition: fragment.typeCondition)
                collect(fragment.directives)
                collect(fragment.selectionSet)
                typeInfo.leaveFragment()
            }
        }
        typeInfo.leaveSelectionSet()
    }

    private mutating func collect(_ directives: [Directive]) {
        for directive in directives {
            typeInfo.enterDirective(directive)
            for argument in directive.arguments { collect(argument) }
            typeInfo.leaveDirective()
        }
    }

    private mutating func collect(_ argument: Argument) {
        typeInfo.enterArgument(argument)
        collect(argument.value)
        typeInfo.leaveArgument()
    }

    private mutating func collect(_ value: ValueNode) {
        switch value.kind {
        case .variable(let variable):
            usages.append(
                VariableUsage(
                    variable: variable, type: typeInfo.inputType,
                    defaultValue: typeInfo.defaultValue, parentType: typeInfo.parentInputType))
        case .list(let items):
            typeInfo.enterList()
            for item in items { collect(item) }
            typeInfo.leaveList()
        case .object(let fields):
            for field in fields {
                typeInfo.enterObjectField(field)
                collect(field.value)
                typeInfo.leaveObjectField()
            }
        default:
            break
        }
    }
}
