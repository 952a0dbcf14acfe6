/// Lone Anonymous Operation (section 5.2.2.1): "Let operations be all operation definitions
/// in the document. Let anonymous be all anonymous operation definitions in the document.
/// If operations is a set of more than 1: anonymous must be empty."
struct LoneAnonymousOperationRule: ValidationRule {
    static let name = "LoneAnonymousOperationRule"
    static let visitedNodes: VisitedNodes = [.document, .operation]
    let context: ValidationContext
    private var operationCount = 0

    init(context: ValidationContext) { self.context = context }

    mutating func enterDocument(_ document: Document) {
        operationCount = document.definitions.count {
            if case .executable(.operation) = $0 { true } else { false }
        }
    }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        if operation.name == nil, operationCount > 1 {
            context.report(Self.anonymousNotAlone(), at: [operation.location])
        }
        return .visitChildren
    }

    static func anonymousNotAlone() -> String {
        "This anonymous operation must be the only defined operation."
    }
}
