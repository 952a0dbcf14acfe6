/// All Variable Usages Are Allowed (section 5.8.5): "For each operation in document, let
/// variableUsages be all usages transitively included in the operation. For each
/// variableUsage in variableUsages: let variableName be the name of variableUsage, let
/// variableDefinition be the VariableDefinition named variableName defined within
/// operation. IsVariableUsageAllowed(variableDefinition, variableUsage) must be true."
///
/// A nullable variable may stand where a non-null type is expected only when the variable
/// or the position has a default. A variable given as a field of a `@oneOf` input object
/// must be non-null.
struct VariablesInAllowedPositionRule: ValidationRule {
    static let name = "VariablesInAllowedPositionRule"
    static let visitedNodes: VisitedNodes = .operation
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leaveOperation(_ operation: OperationDefinition) {
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions {
            definitions[definition.variable.name.value] = definition
        }
        let schema = context.schema
        for usage in context.recursiveVariableUsages(operation) {
            let name = usage.variable.name.value
            guard let definition = definitions[name], let locationType = usage.type,
                schema[definition.type.namedType.value] != nil
            else { continue }
            let variableType = TypeReference(definition.type)
            let locations = [definition.location, usage.variable.location]
            if !isAllowed(variableType, definition.defaultValue, at: locationType, usage.defaultValue) {
                context.report(
                    Self.badPosition(name, variableType.description, locationType.description),
                    at: locations)
            }
            if case .named(let parentName)? = usage.parentType,
                case .inputObject(let parent)? = schema[parentName], parent.isOneOf,
                !variableType.isNonNull
            {
                context.report(
                    Self.nullableInOneOf(name, variableType.description, parent.name),
                    at: locations)
            }
        }
    }

    private func isAllowed(
        _ variableType: TypeReference, _ variableDefault: ConstValueNode?,
        at locationType: TypeReference, _ locationDefault: ConstValueNode?
    ) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            var variableHasNonNullDefault = false
            if let variableDefault {
                if case .null = variableDefault.kind {} else { variableHasNonNullDefault = true }
            }
            guard variableHasNonNullDefault || locationDefault != nil else { return false }
            return context.schema.isTypeSubTypeOf(maybeSubType: variableType, superType: nullableLocation)
        }
        return context.schema.isTypeSubTypeOf(maybeSubType: variableType, superType: locationType)
    }

    static func badPosition(_ variable: String, _ type: String, _ expected: String) -> String {
        "Variable \"$\(variable)\" of type \"\(type)\" used in position expecting type \"\(expected)\"."
    }

    static func nullableInOneOf(_ variable: String, _ type: String, _ oneOf: String) -> String {
        "Variable \"$\(variable)\" is of type \"\(type)\" but must be non-nullable to be used"
            + " for OneOf Input Object \"\(oneOf)\"."
    }
}
