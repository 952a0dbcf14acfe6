extension InputCoercion {
    /// valueFromAST: a literal (maybe with variables) to a coerced value of `type`; nil when
    /// it is invalid.
    ///
    /// Variables are taken as already coerced (`variables` is CoerceVariableValues's
    /// result). A variable missing from `variables` leaves an object field absent (so its
    /// default applies) and is null as a list item; anywhere else it makes the literal
    /// invalid.
    public static func coerceLiteral(
        _ node: ValueNode, to type: TypeReference, schema: Schema, variables: ObjectValue?
    ) -> Value? {
        literal(node, to: type, schema: schema, variables: variables)
    }

    /// A default value written in SDL (or in a variable definition), coerced for its type;
    /// nil when it does not fit the type.
    public static func coerceDefault(
        _ node: ConstValueNode, to type: TypeReference, schema: Schema
    ) -> Value? {
        literal(node, to: type, schema: schema, variables: nil)
    }

    /// A literal for a scalar or enum, with the scalar's own message when it does not fit:
    /// what validation's "values of correct type" rule (section 5.6.1) reports.
    public static func parseLeafLiteral(
        _ node: ValueNode, type: NamedType, variables: ObjectValue? = nil
    ) throws(CoercionFailure) -> Value {
        try LeafCoercion.parseLiteral(node, type: type, variables: variables)
    }

    /// The one implementation behind `coerceLiteral` and `coerceDefault`.
    static func literal<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, to type: TypeReference, schema: Schema,
        variables: ObjectValue?
    ) -> Value? {
        if case .variable(let reference) = node.kind {
            guard let value = variables?[reference.variableName] else { return nil }
            if case .null = value, type.isNonNull { return nil }
            return value
        }
        switch type {
        case .nonNull(let inner):
            if case .null = node.kind { return nil }
            return literal(node, to: inner, schema: schema, variables: variables)
        case .list(let itemType):
            switch node.kind {
            case .null:
                return .null
            case .list(let items):
                var coerced: [Value] = []
                coerced.reserveCapacity(items.count)
                for item in items {
                    if isMissingVariable(item, variables) {
                        if itemType.isNonNull { return nil }
                        coerced.append(.null)
                    } else {
                        guard let value = literal(item, to: itemType, schema: schema, variables: variables)
                        else { return nil }
                        coerced.append(value)
                    }
                }
                return .list(coerced)
            default:
                // A single value stands for a list of one (section 3.11).
                return literal(node, to: itemType, schema: schema, variables: variables)
                    .map { .list([$0]) }
            }
        case .named(let name):
            if case .null = node.kind { return .null }
            switch schema[name] {
            case .inputObject(let objectType)?:
                return objectLiteral(node, to: objectType, schema: schema, variables: variables)
            case let leaf? where leaf.isLeaf:
                return try? LeafCoercion.parseLiteral(node, type: leaf, variables: variables)
            default:
                return nil
            }
        }
    }

    /// An input object literal: every field defined by the type, defaults for the absent
    /// ones, required ones present, `@oneOf` holding exactly one non-null field.
    private static func objectLiteral<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, to objectType: InputObjectType, schema: Schema,
        variables: ObjectValue?
    ) -> Value? {
        guard case .object(let fieldNodes) = node.kind else { return nil }
        // Section 3.10: a field the type does not define is an error.
        for fieldNode in fieldNodes where objectType.field(named: fieldNode.name.value) == nil {
            return nil
        }
        var coerced = ObjectValue()
        for field in objectType.fields {
            // When a field is written twice (validation forbids it), the last one counts.
            let fieldNode = fieldNodes.last { $0.name.value == field.name }
            if let fieldNode, !isMissingVariable(fieldNode.value, variables) {
                guard let value = literal(
                    fieldNode.value, to: field.type, schema: schema, variables: variables)
                else { return nil }
                coerced[field.name] = value
            } else if let defaultValue = field.defaultValue {
                coerced[field.name] = coerceDefault(defaultValue, to: field.type, schema: schema)
            } else if field.type.isNonNull {
                return nil
            }
        }
        if objectType.isOneOf {
            guard coerced.count == 1 else { return nil }
            if case .null = coerced.values[0] { return nil }
        }
        return .object(coerced)
    }

    /// Whether a literal is a variable that was not given a value.
    private static func isMissingVariable<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, _ variables: ObjectValue?
    ) -> Bool {
        guard case .variable(let reference) = node.kind else { return false }
        return variables?[reference.variableName] == nil
    }
}
