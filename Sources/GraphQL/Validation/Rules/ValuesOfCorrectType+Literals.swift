/// Whether a literal in a document is a valid value of a scalar or enum type, with the
/// built-in scalars' and enums' error messages (graphql-js 16's `parseLiteral` wording).
enum LiteralCoercion {
    /// The message explaining why `value` is not a `type`, or nil when it is one.
    ///
    /// A custom scalar with a coercion decides by its own `parseLiteral`, read without
    /// variables, and its failure's message is the error, as graphql-js reports a
    /// `GraphQLError` thrown by a scalar's `parseLiteral` (an `Upload` written in the
    /// document is refused here, not when the operation runs). One without a coercion
    /// accepts every literal, as graphql-js's default `parseLiteral` does.
    static func problem(
        with value: ValueNode, as type: NamedType, context: ValidationContext
    ) -> String? {
        switch type {
        case .enumeration(let enumeration):
            return enumProblem(value, enumeration, context)
        case .scalar(let scalar):
            if let coercion = scalar.coercion {
                do throws(CoercionFailure) {
                    _ = try coercion.parseLiteral(LeafCoercion.untypedValue(value, variables: nil))
                    return nil
                } catch {
                    return error.message
                }
            }
            return scalarProblem(value, scalar.name)
        default:
            return nil
        }
    }

    private static func scalarProblem(_ value: ValueNode, _ name: String) -> String? {
        switch (name, value.kind) {
        case ("Int", .int(let text)):
            guard let number = Int64(text), number >= Int64(Int32.min), number <= Int64(Int32.max)
            else { return "Int cannot represent non 32-bit signed integer value: \(text)" }
            return nil
        case ("Int", _):
            return "Int cannot represent non-integer value: \(value.printed)"
        case ("Float", .int), ("Float", .float):
            return nil
        case ("Float", _):
            return "Float cannot represent non numeric value: \(value.printed)"
        case ("String", .string):
            return nil
        case ("String", _):
            return "String cannot represent a non string value: \(value.printed)"
        case ("Boolean", .boolean):
            return nil
        case ("Boolean", _):
            return "Boolean cannot represent a non boolean value: \(value.printed)"
        case ("ID", .string), ("ID", .int):
            return nil
        case ("ID", _):
            return "ID cannot represent a non-string and non-integer value: \(value.printed)"
        default:
            return nil
        }
    }

    private static func enumProblem(
        _ value: ValueNode, _ type: EnumType, _ context: ValidationContext
    ) -> String? {
        let printed = value.printed
        let names = type.values.map(\.name)
        let hint = context.didYouMean(
            context.suggestions(for: printed, among: names), subject: "the enum value")
        guard case .enumValue(let name) = value.kind else {
            return "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)." + hint
        }
        if type.value(named: name) == nil {
            return "Value \"\(printed)\" does not exist in \"\(type.name)\" enum." + hint
        }
        return nil
    }
}
