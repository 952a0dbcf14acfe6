/// Why an external (JSON) value could not be coerced to an input type, and where inside
/// the value the problem is.
public struct InputCoercionError: Error, Sendable, Hashable {
    /// The keys and list indices leading to the bad part; empty for the value itself.
    public let path: [PathComponent]
    /// The bad part itself; nil when it was absent.
    public let invalidValue: Value?
    /// What is wrong, in graphql-js's words: `Int cannot represent non-integer value: 1.5`.
    public let reason: String

    public init(path: [PathComponent], invalidValue: Value?, reason: String) {
        self.path = path
        self.invalidValue = invalidValue
        self.reason = reason
    }

    /// The whole message, as graphql-js's `coerceInputValue` words it by default:
    /// `Invalid value 1.5 at "value.quantity": Int cannot represent non-integer value: 1.5`.
    public var message: String {
        var message = "Invalid value " + ValueDescriptions.inspect(invalidValue)
        if !path.isEmpty { message += " at \"value\(ValueDescriptions.printPath(path))\"" }
        return message + ": " + reason
    }

    /// The message for a variable: `Variable "$input" got invalid value -1 at
    /// "input.quantity"; Int cannot represent …`.
    public func message(forVariable name: String) -> String {
        var message = "Variable \"$\(name)\" got invalid value " + ValueDescriptions.inspect(invalidValue)
        if !path.isEmpty { message += " at \"\(name)\(ValueDescriptions.printPath(path))\"" }
        return message + "; " + reason
    }
}

/// Every problem found while coercing a request's variables (section 6.1.2); the request
/// fails with all of them, and nothing is executed.
public struct VariableErrors: Error, Sendable, Hashable {
    /// The errors, each with `extensions.code` `BAD_USER_INPUT` and the variable
    /// definition's location.
    public let errors: [GraphQLError]

    public init(errors: [GraphQLError]) {
        self.errors = errors
    }
}
