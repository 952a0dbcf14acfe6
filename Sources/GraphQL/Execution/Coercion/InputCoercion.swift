/// Input coercion (section 3.10 and the coercion rules of each input type): external values
/// and literals become the values resolvers see.
///
/// Everything here keeps *absent* apart from `null`: an absent field or argument is a
/// missing key, a default applies only when a value is absent, and `null` is a value.
public enum InputCoercion {
    /// coerceInputValue: an external (JSON) value to `type`, stopping at the first problem
    /// and saying where inside the value it is.
    public static func coerceInputValue(
        _ value: Value, to type: TypeReference, schema: Schema
    ) throws(InputCoercionError) -> Value {
        var errors = InputErrorSink(limit: 1)
        var path: [PathComponent] = []
        let coerced = coerceValue(value, to: type, schema: schema, path: &path, errors: &errors)
        if let first = errors.errors.first { throw first }
        guard let coerced else {
            throw InputCoercionError(path: [], invalidValue: value, reason: "Expected type \"\(type)\".")
        }
        return coerced
    }

    /// The recursive step of `coerceInputValue`: reports every problem to `errors` (until
    /// it is full) and returns nil where a value could not be coerced.
    static func coerceValue(
        _ value: Value, to type: TypeReference, schema: Schema, path: inout [PathComponent],
        errors: inout InputErrorSink
    ) -> Value? {
        if errors.overflowed { return nil }
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                errors.report(path, value, "Expected non-nullable type \"\(type)\" not to be null.")
                return nil
            }
            return coerceValue(value, to: inner, schema: schema, path: &path, errors: &errors)
        case .list(let itemType):
            switch value {
            case .null:
                return .null
            case .list(let items):
                var coerced: [Value] = []
                coerced.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    let result = coerceValue(
                        item, to: itemType, schema: schema, path: &path, errors: &errors)
                    path.removeLast()
                    if errors.overflowed { return nil }
                    coerced.append(result ?? .null)  // an error was reported; keep positions
                }
                return .list(coerced)
            default:
                // A single value stands for a list of one (section 3.11).
                return coerceValue(value, to: itemType, schema: schema, path: &path, errors: &errors)
                    .map { .list([$0]) }
            }
        case .named(let name):
            if case .null = value { return .null }
            switch schema[name] {
            case .inputObject(let objectType)?:
                return coerceObject(value, to: objectType, schema: schema, path: &path, errors: &errors)
            case let leaf? where leaf.isLeaf:
                do {
                    return try LeafCoercion.parseValue(value, type: leaf)
                } catch {
                    errors.report(path, value, error.message)
                    return nil
                }
            default:
                errors.report(path, value, "Expected type \"\(name)\".")
                return nil
            }
        }
    }

    /// An input object from a JSON object: defined fields coerced, defaults filled in,
    /// required and unknown fields reported, `@oneOf` checked.
    private static func coerceObject(
        _ value: Value, to objectType: InputObjectType, schema: Schema,
        path: inout [PathComponent], errors: inout InputErrorSink
    ) -> Value? {
        guard case .object(let input) = value else {
            errors.report(path, value, "Expected type \"\(objectType.name)\" to be an object.")
            return nil
        }
        var coerced = ObjectValue()
        // Keys given, in field order, with nil where the value was invalid: what graphql-js
        // counts for `@oneOf`.
        var givenKeys: [(key: String, value: Value?)] = []
        for field in objectType.fields {
            if let fieldValue = input[field.name] {
                path.append(.key(field.name))
                let result = coerceValue(
                    fieldValue, to: field.type, schema: schema, path: &path, errors: &errors)
                path.removeLast()
                coerced[field.name] = result
                givenKeys.append((field.name, result))
            } else if let defaultValue = field.defaultValue {
                let result = coerceDefault(defaultValue, to: field.type, schema: schema)
                coerced[field.name] = result
                givenKeys.append((field.name, result))
            } else if field.type.isNonNull {
                errors.report(
                    path, value,
                    "Field \"\(field.name)\" of required type \"\(field.type)\" was not provided.")
            }
        }
        for key in input.keys where objectType.field(named: key) == nil {
            if errors.overflowed { return nil }
            let suggestions = Suggestions.list(for: key, among: objectType.fields.map(\.name))
            errors.report(
                path, value,
                "Field \"\(key)\" is not defined by type \"\(objectType.name)\"."
                    + Suggestions.didYouMean(suggestions))
        }
        if objectType.isOneOf {
            if givenKeys.count != 1 {
                errors.report(
                    path, value,
                    "Exactly one key must be specified for OneOf type \"\(objectType.name)\".")
            }
            if let first = givenKeys.first, case .null? = first.value {
                errors.report(
                    path + [.key(first.key)], .null, "Field \"\(first.key)\" must be non-null.")
            }
        }
        return .object(coerced)
    }
}

/// Collects input coercion problems up to a limit, so that a huge bad input costs a
/// bounded amount of work and message text.
struct InputErrorSink {
    private(set) var errors: [InputCoercionError] = []
    /// How many errors are kept.
    let limit: Int
    /// Set when a problem arrived after `limit` were kept.
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps a problem, or marks the sink overflowed (coercion then stops) when full.
    mutating func report(_ path: [PathComponent], _ value: Value?, _ reason: String) {
        if errors.count >= limit {
            overflowed = true
            return
        }
        errors.append(InputCoercionError(path: path, invalidValue: value, reason: reason))
    }
}
