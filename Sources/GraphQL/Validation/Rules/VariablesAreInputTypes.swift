/// Variables Are Input Types (section 5.8.2): "For every operation in a document, for every
/// variable on each operation: let variableType be the type of variable;
/// IsInputType(variableType) must be true."
struct VariablesAreInputTypesRule: ValidationRule {
    static let name = "VariablesAreInputTypesRule"
    static let visitedNodes: VisitedNodes = .variableDefinition
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction {
        if let type = context.schema[definition.type.namedType.value], !type.isInputType {
            context.report(
                Self.nonInputType(
                    definition.variable.name.value, TypeReference(definition.type).description),
                at: [definition.type.location])
        }
        return .visitChildren
    }

    static func nonInputType(_ variable: String, _ type: String) -> String {
        "Variable \"$\(variable)\" cannot be non-input type \"\(type)\"."
    }
}
