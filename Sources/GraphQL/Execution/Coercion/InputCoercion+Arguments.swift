extension InputCoercion {
    /// CoerceArgumentValues (section 6.4.1) for a field or a directive: the literal
    /// arguments, with coerced variables substituted, to the argument map a resolver gets.
    ///
    /// An argument that is absent, or given a variable that is absent, gets its default;
    /// with no default it stays absent (not null). `location` (the field or directive) is
    /// where a missing required argument is reported. Errors have `extensions.code`
    /// `BAD_USER_INPUT`; the executor adds the response path.
    public static func coerceArgumentValues(
        definitions: [InputValueInfo], arguments: [Argument], variables: ObjectValue,
        schema: Schema, source: Source, location: Location? = nil
    ) throws(GraphQLError) -> ObjectValue {
        var coerced = ObjectValue()
        for definition in definitions {
            let name = definition.name
            let type = definition.type
            // When an argument is written twice (validation forbids it), the last counts.
            guard let argument = arguments.last(where: { $0.name.value == name }) else {
                if let defaultValue = definition.defaultValue {
                    coerced[name] = coerceDefault(defaultValue, to: type, schema: schema)
                } else if type.isNonNull {
                    throw GraphQLError(
                        "Argument \"\(name)\" of required type \"\(type)\" was not provided.",
                        source: source, at: location.map { [$0.start] } ?? [], code: .badUserInput)
                }
                continue
            }
            let valueNode = argument.value
            var isNull = false
            switch valueNode.kind {
            case .null:
                isNull = true
            case .variable(let variable):
                guard let value = variables[variable.name.value] else {
                    if let defaultValue = definition.defaultValue {
                        coerced[name] = coerceDefault(defaultValue, to: type, schema: schema)
                    } else if type.isNonNull {
                        throw GraphQLError(
                            "Argument \"\(name)\" of required type \"\(type)\" was provided the variable \"$\(variable.name.value)\" which was not provided a runtime value.",
                            source: source, at: [valueNode.location.start], code: .badUserInput)
                    }
                    continue
                }
                if case .null = value { isNull = true }
            default:
                break
            }
            if isNull, type.isNonNull {
                throw GraphQLError(
                    "Argument \"\(name)\" of non-null type \"\(type)\" must not be null.",
                    source: source, at: [valueNode.location.start], code: .badUserInput)
            }
            guard let value = coerceLiteral(valueNode, to: type, schema: schema, variables: variables)
            else {
                throw GraphQLError(
                    "Argument \"\(name)\" has invalid value \(ValueDescriptions.print(valueNode)).",
                    source: source, at: [valueNode.location.start], code: .badUserInput)
            }
            coerced[name] = value
        }
        return coerced
    }
}
