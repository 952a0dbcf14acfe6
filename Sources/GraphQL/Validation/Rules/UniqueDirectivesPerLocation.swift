/// Directives Are Unique per Location (section 5.7.3): "For every location in the document
/// for which Directives can apply: let directives be the set of Directives which apply to
/// location and are not repeatable. For each directive in directives: let directiveName be
/// the name of directive. Let namedDirectives be the set of all Directives named
/// directiveName in directives. namedDirectives must be a set of one."
///
/// Unknown directives are left to `KnownDirectives`.
struct UniqueDirectivesPerLocationRule: ValidationRule {
    static let name = "UniqueDirectivesPerLocationRule"
    static let visitedNodes: VisitedNodes = [.operation, .variableDefinition, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        check(operation.directives)
    }

    func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction {
        check(definition.directives.map(\.withVariables))
    }

    func enterField(_ field: Field) -> VisitAction { check(field.directives) }

    func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
        check(spread.directives)
    }

    func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
        check(fragment.directives)
    }

    func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        check(fragment.directives)
    }

    private func check(_ directives: [Directive]) -> VisitAction {
        guard directives.count > 1 else { return .visitChildren }
        var seen: [String: Directive] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directives[name], !definition.isRepeatable
            else { continue }
            if let first = seen[name] {
                context.report(Self.duplicate(name), at: [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
        return .visitChildren
    }

    static func duplicate(_ name: String) -> String {
        "The directive \"@\(name)\" can only be used once at this location."
    }
}
