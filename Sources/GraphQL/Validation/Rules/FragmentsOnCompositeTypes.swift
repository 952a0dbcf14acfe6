/// Fragments On Composite Types (section 5.5.1.3): "For each fragment defined in the
/// document, the target type of fragment must have kind UNION, INTERFACE, or OBJECT."
struct FragmentsOnCompositeTypesRule: ValidationRule {
    static let name = "FragmentsOnCompositeTypesRule"
    static let visitedNodes: VisitedNodes = [.inlineFragment, .fragmentDefinition]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
        if let condition = fragment.typeCondition, isNonComposite(condition) {
            context.report(Self.inlineOnNonComposite(condition.value), at: [condition.location])
        }
        return .visitChildren
    }

    func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        let condition = fragment.typeCondition
        if isNonComposite(condition) {
            context.report(
                Self.fragmentOnNonComposite(fragment.name.value, condition.value),
                at: [condition.location])
        }
        return .visitChildren
    }

    private func isNonComposite(_ condition: Name) -> Bool {
        guard let type = context.schema[condition.value] else { return false }
        return !type.isComposite
    }

    static func inlineOnNonComposite(_ type: String) -> String {
        "Fragment cannot condition on non composite type \"\(type)\"."
    }

    static func fragmentOnNonComposite(_ fragment: String, _ type: String) -> String {
        "Fragment \"\(fragment)\" cannot condition on non composite type \"\(type)\"."
    }
}
