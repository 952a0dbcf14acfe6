/// Finds every variable used in a selection set (fragment spreads not followed), with the
/// input type expected where each stands, by walking with its own `TypeInfo`.
///
/// Only the branches that hold a variable are walked with `TypeInfo`: its lookups on every
/// field made the collector a second full validation pass, while most fields hold none.
struct VariableUsageCollector {
    var typeInfo: TypeInfo
    private(set) var usages: [VariableUsage] = []
    /// Start offsets of the selection sets with a variable somewhere inside. Offsets that
    /// coincide (a hand-built document) only make the walk enter more, never less.
    private var holdingVariables: Set<Int> = []

    init(typeInfo: TypeInfo) {
        self.typeInfo = typeInfo
    }

    /// Walks directives (of the operation or fragment) and then the selection set, except
    /// the selection sets whose text in `source` holds no `$` (and so no variable).
    mutating func collect(
        _ selectionSet: SelectionSet, directives: [Directive] = [], source: Source? = nil
    ) {
        collect(directives)
        guard
            Self.markVariables(
                in: selectionSet, text: source?.bytes ?? [], into: &holdingVariables)
        else { return }
        collect(selectionSet)
    }

    /// False when the selection set's text holds no `$`, which every variable in it is
    /// spelled with (see `SelectionSet.mayContain(_:in:)`).
    static func mayHoldVariable(_ selectionSet: SelectionSet, in bytes: [UInt8]) -> Bool {
        selectionSet.mayContain(UInt8(ascii: "$"), in: bytes)
    }

    private mutating func collect(_ selectionSet: SelectionSet) {
        typeInfo.enterSelectionSet()
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard holdsVariable(field.selectionSet)
                    || field.arguments.contains(where: { Self.anyVariable(in: $0.value) })
                    || Self.anyVariable(in: field.directives)
                else { continue }
                typeInfo.enterField(field)
                for argument in field.arguments { collect(argument) }
                collect(field.directives)
                if let inner = field.selectionSet { collect(inner) }
                typeInfo.leaveField()
            case .fragmentSpread(let spread):
                collect(spread.directives)
            case .inlineFragment(let fragment):
                guard holdsVariable(fragment.selectionSet)
                    || Self.anyVariable(in: fragment.directives)
                else { continue }
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

extension VariableUsageCollector {
    private func holdsVariable(_ selectionSet: SelectionSet?) -> Bool {
        selectionSet.map { holdingVariables.contains($0.location.start) } ?? false
    }

    /// Whether any argument or directive in a selection set (fragment spreads not followed)
    /// holds a variable; records every selection set that does in `marked`. A selection set
    /// whose `text` (the document's source) holds no `$` is not walked.
    private static func markVariables(
        in selectionSet: SelectionSet, text: [UInt8], into marked: inout Set<Int>
    ) -> Bool {
        guard mayHoldVariable(selectionSet, in: text) else { return false }
        var found = false
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.arguments.contains(where: { anyVariable(in: $0.value) })
                    || anyVariable(in: field.directives)
                {
                    found = true
                }
                if let inner = field.selectionSet,
                    markVariables(in: inner, text: text, into: &marked)
                {
                    found = true
                }
            case .fragmentSpread(let spread):
                if anyVariable(in: spread.directives) { found = true }
            case .inlineFragment(let fragment):
                if anyVariable(in: fragment.directives) { found = true }
                if markVariables(in: fragment.selectionSet, text: text, into: &marked) { found = true }
            }
        }
        if found { marked.insert(selectionSet.location.start) }
        return found
    }

    private static func anyVariable(in directives: [Directive]) -> Bool {
        directives.contains { $0.arguments.contains { anyVariable(in: $0.value) } }
    }

    private static func anyVariable(in value: ValueNode) -> Bool {
        switch value.kind {
        case .variable: true
        case .list(let items): items.contains { anyVariable(in: $0) }
        case .object(let fields): fields.contains { anyVariable(in: $0.value) }
        default: false
        }
    }
}
