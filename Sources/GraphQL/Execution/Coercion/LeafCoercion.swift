/// Input coercion of leaf values, for variables (JSON) and for literals.
enum LeafCoercion {
    /// A JSON value for a scalar or enum (graphql-js's `parseValue`).
    static func parseValue(_ value: Value, type: NamedType) throws(CoercionFailure) -> Value {
        switch type {
        case .scalar(let scalar):
            if let coercion = scalar.coercion { return try coercion.parseValue(value) }
            return try BuiltInScalars.parseValue(value, typeName: scalar.name)
        case .enumeration(let enumType):
            guard case .string(let name) = value else {
                let shown = ValueDescriptions.inspect(value)
                throw CoercionFailure(
                    "Enum \"\(enumType.name)\" cannot represent non-string value: \(shown)."
                        + suggestEnumValues(enumType, near: shown))
            }
            guard enumType.value(named: name) != nil else {
                throw CoercionFailure(
                    "Value \"\(name)\" does not exist in \"\(enumType.name)\" enum."
                        + suggestEnumValues(enumType, near: name))
            }
            return value
        default:
            throw CoercionFailure("Expected type \"\(type.name)\".")
        }
    }

    /// A literal for a scalar or enum (graphql-js's `parseLiteral`); variables inside it
    /// (possible for custom scalars) are read from `variables`.
    static func parseLiteral<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, type: NamedType, variables: ObjectValue?
    ) throws(CoercionFailure) -> Value {
        switch type {
        case .scalar(let scalar):
            if let coercion = scalar.coercion {
                return try coercion.parseLiteral(untypedValue(node, variables: variables))
            }
            if BuiltInScalars.isBuiltIn(scalar.name) {
                return try BuiltInScalars.parseLiteralKind(node, typeName: scalar.name)
            }
            return untypedValue(node, variables: variables)
        case .enumeration(let enumType):
            guard case .enumValue(let name) = node.kind else {
                let shown = ValueDescriptions.print(node)
                throw CoercionFailure(
                    "Enum \"\(enumType.name)\" cannot represent non-enum value: \(shown)."
                        + suggestEnumValues(enumType, near: shown))
            }
            guard enumType.value(named: name) != nil else {
                throw CoercionFailure(
                    "Value \"\(name)\" does not exist in \"\(enumType.name)\" enum."
                        + suggestEnumValues(enumType, near: name))
            }
            return .string(name)
        default:
            throw CoercionFailure("Expected type \"\(type.name)\".")
        }
    }

    /// A literal read without a type (graphql-js's `valueFromASTUntyped`), for custom
    /// scalars: enum values become strings; an absent variable is dropped from an object
    /// and is null in a list.
    static func untypedValue<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, variables: ObjectValue?
    ) -> Value {
        switch node.kind {
        case .variable(let reference): return variables?[reference.variableName] ?? .null
        case .int(let text): return Int(text).map(Value.int) ?? .float(Double(text) ?? .nan)
        case .float(let text): return .float(Double(text) ?? .nan)
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let items): return .list(items.map { untypedValue($0, variables: variables) })
        case .object(let fields):
            var object = ObjectValue()
            for field in fields {
                if case .variable(let reference) = field.value.kind,
                    variables?[reference.variableName] == nil
                {
                    continue
                }
                object[field.name.value] = untypedValue(field.value, variables: variables)
            }
            return .object(object)
        }
    }

    /// ` Did you mean the enum value "RED"?` or nothing.
    private static func suggestEnumValues(_ enumType: EnumType, near text: String) -> String {
        Suggestions.didYouMean(
            Suggestions.list(for: text, among: enumType.values.map(\.name)),
            subject: "the enum value")
    }
}
