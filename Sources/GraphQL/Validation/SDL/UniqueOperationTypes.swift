/// Unique operation types (section 3.3.1): a schema names at most one root type for each
/// of `query`, `mutation` and `subscription`, across its definition and extensions.
struct UniqueOperationTypes: SDLRuleVisitor {
    private let existing: Set<OperationType>
    private var defined: [OperationType: RootOperationTypeDefinition] = [:]

    init(context: SDLContext) {
        var existing: Set<OperationType> = []
        if let schema = context.schema {
            if schema.queryType != nil { existing.insert(.query) }
            if schema.mutationType != nil { existing.insert(.mutation) }
            if schema.subscriptionType != nil { existing.insert(.subscription) }
        }
        self.existing = existing
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        switch node {
        case .schemaDefinition(let schema), .schemaExtension(let schema):
            for operationType in schema.operationTypes {
                let operation = operationType.operation
                if existing.contains(operation) {
                    context.report(
                        Self.alreadyDefined(operation), [operationType.location])
                } else if let previous = defined[operation] {
                    context.report(
                        Self.onlyOne(operation), [previous.location, operationType.location])
                } else {
                    defined[operation] = operationType
                }
            }
        default:
            break
        }
    }

    static func alreadyDefined(_ operation: OperationType) -> String {
        "Type for \(operation.rawValue) already defined in the schema. It cannot be redefined."
    }

    static func onlyOne(_ operation: OperationType) -> String {
        "There can be only one \(operation.rawValue) type in schema."
    }
}
