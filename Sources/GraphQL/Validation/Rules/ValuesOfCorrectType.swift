/// Values of Correct Type (section 5.6.1): "For each input Value value in the document: let
/// type be the type expected in the position value is found. value must be coercible to
/// type (with the assumption that any variableUsage nested within value will represent a
/// runtime value valid for usage in its position)."
///
/// Also the input-object checks of section 5.6.4 (required fields present) and, for
/// `@oneOf` input objects, exactly one field given and it not null.
struct ValuesOfCorrectTypeRule: ValidationRule {
    static let name = "ValuesOfCorrectTypeRule"
    static let visitedNodes: VisitedNodes = [.value, .objectField]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterValue(_ value: ValueNode) -> VisitAction {
        switch value.kind {
        case .list:
            // The walker has already entered the list: its type is the parent input type.
            guard case .list? = context.typeInfo.parentInputType?.nullable else {
                checkLeafValue(value)
                return .skipChildren
            }
        case .object(let fields):
            guard let name = context.typeInfo.inputType?.namedType,
                case .inputObject(let type)? = context.schema[name]
            else {
                checkLeafValue(value)
                return .skipChildren
            }
            checkInputObject(value, fields, type)
        case .null:
            if let type = context.typeInfo.inputType, type.isNonNull {
                context.report(Self.badValue(type.description, "null"), at: [value.location])
            }
        case .variable:
            break
        default:
            checkLeafValue(value)
        }
        return .visitChildren
    }

    func enterObjectField(_ field: ObjectFieldNode) -> VisitAction {
        if context.typeInfo.inputType == nil,
            let name = context.typeInfo.parentInputType?.namedType,
            case .inputObject(let parent)? = context.schema[name]
        {
            let suggestions = context.suggestions(
                for: field.name.value, among: parent.fields.map(\.name))
            context.report(
                Self.unknownField(field.name.value, parent.name) + context.didYouMean(suggestions),
                at: [field.location])
        }
        return .visitChildren
    }

    private func checkInputObject(
        _ value: ValueNode, _ fields: [ObjectFieldNode], _ type: InputObjectType
    ) {
        var given: [String: ObjectFieldNode] = [:]
        var keys: [String] = []
        for field in fields {
            if given[field.name.value] == nil { keys.append(field.name.value) }
            given[field.name.value] = field
        }
        for definition in type.fields
        where given[definition.name] == nil && definition.type.isNonNull
            && definition.defaultValue == nil
        {
            context.report(
                Self.missingField(type.name, definition.name, definition.type.description),
                at: [value.location])
        }
        guard type.isOneOf else { return }
        guard keys.count == 1 else {
            context.report(Self.oneOfNotExactlyOneKey(type.name), at: [value.location])
            return
        }
        if case .null = given[keys[0]]!.value.kind {
            context.report(Self.oneOfNullField(type.name, keys[0]), at: [value.location])
        }
    }

    /// A scalar, enum, or misplaced list or object literal: is it a valid literal of the
    /// expected leaf type?
    private func checkLeafValue(_ value: ValueNode) {
        guard let locationType = context.typeInfo.inputType else { return }
        let printed = value.printed
        guard let named = context.schema[locationType.namedType], named.isLeaf else {
            context.report(
                Self.badValue(locationType.description, printed), at: [value.location])
            return
        }
        if let message = LiteralCoercion.problem(with: value, as: named, context: context) {
            context.report(message, at: [value.location])
        }
    }

    static func badValue(_ type: String, _ value: String) -> String {
        "Expected value of type \"\(type)\", found \(value)."
    }

    static func unknownField(_ field: String, _ type: String) -> String {
        "Field \"\(field)\" is not defined by type \"\(type)\"."
    }

    static func missingField(_ type: String, _ field: String, _ fieldType: String) -> String {
        "Field \"\(type).\(field)\" of required type \"\(fieldType)\" was not provided."
    }

    static func oneOfNotExactlyOneKey(_ type: String) -> String {
        "OneOf Input Object \"\(type)\" must specify exactly one key."
    }

    static func oneOfNullField(_ type: String, _ field: String) -> String {
        "Field \"\(type).\(field)\" must be non-null."
    }
}
