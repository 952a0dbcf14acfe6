/// Fragment Name Uniqueness (section 5.5.1.1): "For each fragment definition fragment in the
/// document, let fragmentName be the name of fragment. Let fragments be all fragment
/// definitions in the document named fragmentName. fragments must be a set of one."
struct UniqueFragmentNamesRule: ValidationRule {
    static let name = "UniqueFragmentNamesRule"
    static let visitedNodes: VisitedNodes = [.operation, .fragmentDefinition]
    let context: ValidationContext
    private var seen: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction { .skipChildren }

    mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        let name = fragment.name
        if let first = seen[name.value] {
            context.report(Self.duplicate(name.value), at: [first.location, name.location])
        } else {
            seen[name.value] = name
        }
        return .skipChildren
    }

    static func duplicate(_ name: String) -> String {
        "There can be only one fragment named \"\(name)\"."
    }
}
