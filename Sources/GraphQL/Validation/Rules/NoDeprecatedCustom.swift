/// Not a spec rule and not run by default: graphql-js's `NoDeprecatedCustomRule`. Reports
/// every use of a deprecated field, argument, input field or enum value, so that a client's
/// build can refuse documents that would break when the deprecated parts are removed.
struct NoDeprecatedCustomRule: ValidationRule {
    static let name = "NoDeprecatedCustomRule"
    static let visitedNodes: VisitedNodes = [.field, .argument, .value, .objectField]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        if let definition = context.typeInfo.fieldDefinition,
            let reason = definition.deprecationReason, let parentType = context.typeInfo.parentType
        {
            context.report(
                Self.deprecatedField(parentType, definition.name, reason), at: [field.location])
        }
        return .visitChildren
    }

    func enterArgument(_ argument: Argument) -> VisitAction {
        let typeInfo = context.typeInfo
        guard let definition = typeInfo.argument, let reason = definition.deprecationReason else {
            return .visitChildren
        }
        if let directive = typeInfo.directive {
            context.report(
                Self.deprecatedDirectiveArgument(directive.name, definition.name, reason),
                at: [argument.location])
        } else if let field = typeInfo.fieldDefinition, let parentType = typeInfo.parentType {
            context.report(
                Self.deprecatedFieldArgument(parentType, field.name, definition.name, reason),
                at: [argument.location])
        }
        return .visitChildren
    }

    func enterObjectField(_ field: ObjectFieldNode) -> VisitAction {
        if let name = context.typeInfo.parentInputType?.namedType,
            case .inputObject(let type)? = context.schema[name],
            let reason = type.field(named: field.name.value)?.deprecationReason
        {
            context.report(
                Self.deprecatedInputField(type.name, field.name.value, reason),
                at: [field.location])
        }
        return .visitChildren
    }

    func enterValue(_ value: ValueNode) -> VisitAction {
        if case .enumValue(let valueName) = value.kind,
            let name = context.typeInfo.inputType?.namedType,
            case .enumeration(let type)? = context.schema[name],
            let reason = type.value(named: valueName)?.deprecationReason
        {
            context.report(
                Self.deprecatedEnumValue(type.name, valueName, reason), at: [value.location])
        }
        return .visitChildren
    }

    static func deprecatedField(_ type: String, _ field: String, _ reason: String) -> String {
        "The field \(type).\(field) is deprecated. \(reason)"
    }

    static func deprecatedDirectiveArgument(
        _ directive: String, _ argument: String, _ reason: String
    ) -> String {
        "Directive \"@\(directive)\" argument \"\(argument)\" is deprecated. \(reason)"
    }

    static func deprecatedFieldArgument(
        _ type: String, _ field: String, _ argument: String, _ reason: String
    ) -> String {
        "Field \"\(type).\(field)\" argument \"\(argument)\" is deprecated. \(reason)"
    }

    static func deprecatedInputField(_ type: String, _ field: String, _ reason: String) -> String {
        "The input field \(type).\(field) is deprecated. \(reason)"
    }

    static func deprecatedEnumValue(_ type: String, _ value: String, _ reason: String) -> String {
        "The enum value \"\(type).\(value)\" is deprecated. \(reason)"
    }
}
