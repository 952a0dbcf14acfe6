/// Input Object Field Uniqueness (section 5.6.3): "For each input object value
/// inputObject in the document, for every inputField in inputObject: let name be the Name
/// of inputField, let fields be all Input Object Fields named name in inputObject. fields
/// must be the set containing only inputField."
struct UniqueInputFieldNamesRule: ValidationRule {
    static let name = "UniqueInputFieldNamesRule"
    static let visitedNodes: VisitedNodes = [.value, .objectField]
    let context: ValidationContext
    /// For each input object being visited, the names seen so far in it.
    private var seenStack: [[String: Name]] = []

    init(context: ValidationContext) { self.context = context }

    mutating func enterValue(_ value: ValueNode) -> VisitAction {
        if case .object = value.kind { seenStack.append([:]) }
        return .visitChildren
    }

    mutating func leaveValue(_ value: ValueNode) {
        if case .object = value.kind { seenStack.removeLast() }
    }

    mutating func enterObjectField(_ field: ObjectFieldNode) -> VisitAction {
        let name = field.name
        if let first = seenStack[seenStack.count - 1][name.value] {
            context.report(Self.duplicate(name.value), at: [first.location, name.location])
        } else {
            seenStack[seenStack.count - 1][name.value] = name
        }
        return .visitChildren
    }

    static func duplicate(_ name: String) -> String {
        "There can be only one input field named \"\(name)\"."
    }
}
