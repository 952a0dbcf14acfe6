extension InputCoercion {
    /// How many variable problems are reported before coercion gives up, as graphql-js's
    /// `maxErrors` does: a request with a huge bad input costs bounded work.
    public static let maxVariableErrors = 50

    /// CoerceVariableValues (section 6.1.2): a request's JSON variables to the coerced
    /// values the operation runs with, or every problem at once.
    ///
    /// A variable that is absent and has no default stays absent (it is not set to null);
    /// one with a default gets it. Each error names the variable and the path inside it,
    /// is located at the variable's definition and has `extensions.code` `BAD_USER_INPUT`.
    public static func coerceVariableValues(
        _ inputs: ObjectValue, definitions: [VariableDefinition], schema: Schema,
        source: Source, maxErrors: Int = maxVariableErrors
    ) -> Result<ObjectValue, VariableErrors> {
        var coerced = ObjectValue()
        var errors: [GraphQLError] = []
        // Returns false once the limit is passed: the caller stops.
        func report(_ message: String, at offset: Int) -> Bool {
            guard errors.count < maxErrors else {
                errors.append(GraphQLError(tooManyErrors, code: .badUserInput))
                return false
            }
            errors.append(GraphQLError(message, source: source, at: [offset], code: .badUserInput))
            return true
        }

        for definition in definitions {
            let name = definition.variable.name.value
            let type = TypeReference(definition.type)
            let start = definition.location.start
            guard schema[type.namedType]?.isInputType == true else {
                let message =
                    "Variable \"$\(name)\" expected value of type \"\(type)\" which cannot be used as an input type."
                if !report(message, at: definition.type.location.start) { break }
                continue
            }
            guard let value = inputs[name] else {
                if let defaultValue = definition.defaultValue {
                    coerced[name] = coerceDefault(defaultValue, to: type, schema: schema)
                } else if type.isNonNull {
                    let message = "Variable \"$\(name)\" of required type \"\(type)\" was not provided."
                    if !report(message, at: start) { break }
                }
                continue
            }
            if case .null = value, type.isNonNull {
                let message = "Variable \"$\(name)\" of non-null type \"\(type)\" must not be null."
                if !report(message, at: start) { break }
                continue
            }
            var sink = InputErrorSink(limit: maxErrors - errors.count)
            var path: [PathComponent] = []
            let result = coerceValue(value, to: type, schema: schema, path: &path, errors: &sink)
            for error in sink.errors {
                errors.append(
                    GraphQLError(
                        error.message(forVariable: name), source: source, at: [start],
                        code: .badUserInput))
            }
            if sink.overflowed {
                errors.append(GraphQLError(tooManyErrors, code: .badUserInput))
                break
            }
            if sink.errors.isEmpty { coerced[name] = result }
        }
        return errors.isEmpty ? .success(coerced) : .failure(VariableErrors(errors: errors))
    }

    private static let tooManyErrors =
        "Too many errors processing variables, error limit reached. Execution aborted."
}
