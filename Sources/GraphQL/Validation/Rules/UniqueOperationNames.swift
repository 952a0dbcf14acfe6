/// Operation Name Uniqueness (section 5.2.1.1): "For each operation definition operation in
/// the document, let operationName be the name of operation. Let operations be all operation
/// definitions in the document named operationName. operations must be a set of one."
struct UniqueOperationNamesRule: ValidationRule {
    static let name = "UniqueOperationNamesRule"
    static let visitedNodes: VisitedNodes = [.operation, .fragmentDefinition]
    let context: ValidationContext
    private var seen: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    mutating func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        if let name = operation.name {
            if let first = seen[name.value] {
                context.report(Self.duplicate(name.value), at: [first.location, name.location])
            } else {
                seen[name.value] = name
            }
        }
        return .skipChildren
    }

    func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction { .skipChildren }

    static func duplicate(_ name: String) -> String {
        "There can be only one operation named \"\(name)\"."
    }
}
