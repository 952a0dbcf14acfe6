/// Fragments Must Be Used (section 5.5.1.4): "For each fragment defined in the document,
/// fragment must be the target of at least one spread in the document."
///
/// Used means reachable from an operation: a fragment spread only by unused fragments is
/// unused too.
struct NoUnusedFragmentsRule: ValidationRule {
    static let name = "NoUnusedFragmentsRule"
    static let visitedNodes: VisitedNodes = [.document, .operation, .fragmentDefinition]
    let context: ValidationContext
    private var operations: [OperationDefinition] = []
    private var fragments: [FragmentDefinition] = []

    init(context: ValidationContext) { self.context = context }

    mutating func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        operations.append(operation)
        return .skipChildren
    }

    mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        fragments.append(fragment)
        return .skipChildren
    }

    func leaveDocument(_ document: Document) {
        var used: Set<String> = []
        for operation in operations {
            for fragment in context.recursivelyReferencedFragments(operation) {
                used.insert(fragment.name.value)
            }
        }
        for fragment in fragments where !used.contains(fragment.name.value) {
            context.report(Self.unused(fragment.name.value), at: [fragment.location])
        }
    }

    static func unused(_ name: String) -> String { "Fragment \"\(name)\" is never used." }
}
