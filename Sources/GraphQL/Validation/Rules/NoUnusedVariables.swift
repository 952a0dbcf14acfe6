/// All Variables Used (section 5.8.4): "For every operation in the document, every variable
/// defined on operation must be used in operation or a fragment transitively included by
/// that operation."
struct NoUnusedVariablesRule: ValidationRule {
    static let name = "NoUnusedVariablesRule"
    static let visitedNodes: VisitedNodes = .operation
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leaveOperation(_ operation: OperationDefinition) {
        let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
        for definition in operation.variableDefinitions
        where !used.contains(definition.variable.name.value) {
            context.report(
                Self.unused(definition.variable.name.value, operation: operation.name?.value),
                at: [definition.location])
        }
    }

    static func unused(_ variable: String, operation: String?) -> String {
        if let operation {
            return "Variable \"$\(variable)\" is never used in operation \"\(operation)\"."
        }
        return "Variable \"$\(variable)\" is never used."
    }
}
