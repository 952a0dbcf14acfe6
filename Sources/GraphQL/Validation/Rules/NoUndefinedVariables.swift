/// All Variable Uses Defined (section 5.8.3): "For each operation in a document, for each
/// variableUsage in scope, variable must be in operation's variable list."
///
/// Uses in fragments count for every operation that spreads them.
struct NoUndefinedVariablesRule: ValidationRule {
    static let name = "NoUndefinedVariablesRule"
    static let visitedNodes: VisitedNodes = .operation
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leaveOperation(_ operation: OperationDefinition) {
        let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
        for usage in context.recursiveVariableUsages(operation)
        where !defined.contains(usage.variable.name.value) {
            context.report(
                Self.undefined(usage.variable.name.value, operation: operation.name?.value),
                at: [usage.variable.location, operation.location])
        }
    }

    static func undefined(_ variable: String, operation: String?) -> String {
        if let operation {
            return "Variable \"$\(variable)\" is not defined by operation \"\(operation)\"."
        }
        return "Variable \"$\(variable)\" is not defined."
    }
}
