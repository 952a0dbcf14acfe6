/// Variable Uniqueness (section 5.8.1): "For every operation in the document, for every
/// variable defined on operation: let variableName be the name of variable, let variables
/// be the set of all variables named variableName on operation. variables must be a set of
/// one."
struct UniqueVariableNamesRule: ValidationRule {
    static let name = "UniqueVariableNamesRule"
    static let visitedNodes: VisitedNodes = .operation
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        var order: [String] = []
        var byName: [String: [Name]] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name
            if byName[name.value] == nil { order.append(name.value) }
            byName[name.value, default: []].append(name)
        }
        for name in order where byName[name]!.count > 1 {
            context.report(Self.duplicate(name), at: byName[name]!.map(\.location))
        }
        return .visitChildren
    }

    static func duplicate(_ name: String) -> String {
        "There can be only one variable named \"$\(name)\"."
    }
}
