/// Default values as graphql-js shows them: coerced to their type (`valueFromAST`), then
/// turned back into a literal (`astFromValue`) and printed.
///
/// So `[Float] = 2` shows as `[2]`, `Float = 1.0` as `1`, `ID = "12"` as `12`, and an input
/// object default lists its fields in definition order with their own defaults filled in —
/// exactly what `printSchema` and introspection's `__InputValue.defaultValue` give.
extension Schema {
    /// The printed default of an argument or input field of type `type`; nil when the
    /// literal does not coerce to the type (graphql-js then shows no default at all).
    public func printDefaultValue(_ literal: ConstValueNode, type: TypeReference) -> String? {
        var coercer = DefaultValueCoercer(schema: self)
        guard let value = coercer.coerce(literal, to: type) else { return nil }
        return coercer.print(value, as: type, literal: literal)
    }
}

/// A default value after coercion: what graphql-js holds as the "internal" value.
indirect enum CoercedDefault {
    case null
    case number(Double)
    case string(String)
    case boolean(Bool)
    /// An enum value, by name.
    case enumValue(String)
    case list([CoercedDefault])
    /// Fields in the input object's definition order.
    case object([(String, CoercedDefault)])
}

struct DefaultValueCoercer {
    let schema: Schema
    /// Input object defaults fill in their fields' defaults, which may name the same type
    /// again; this bounds that expansion.
    private var depth = 0
    private static let maximumDepth = 32

    init(schema: Schema) {
        self.schema = schema
    }

    /// graphql-js `valueFromAST`: nil is "undefined" (the literal does not fit the type).
    mutating func coerce(_ literal: ConstValueNode, to type: TypeReference) -> CoercedDefault? {
        switch type {
        case .nonNull(let inner):
            if case .null = literal.kind { return nil }
            return coerce(literal, to: inner)
        case .list(let item):
            if case .null = literal.kind { return .null }
            guard case .list(let items) = literal.kind else {
                return coerce(literal, to: item).map { .list([$0]) }
            }
            var values: [CoercedDefault] = []
            for node in items {
                guard let value = coerce(node, to: item) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .named(let name):
            if case .null = literal.kind { return .null }
            switch schema[name] {
            case .inputObject(let input)?: return coerceObject(literal, to: input)
            case .enumeration(let enumeration)?:
                guard case .enumValue(let value) = literal.kind,
                    enumeration.value(named: value) != nil
                else { return nil }
                return .enumValue(value)
            case .scalar?: return coerceScalar(literal, name)
            default: return nil
            }
        }
    }

    private mutating func coerceObject(
        _ literal: ConstValueNode, to input: InputObjectType
    ) -> CoercedDefault? {
        guard case .object(let given) = literal.kind, depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        var fields: [(String, CoercedDefault)] = []
        for field in input.fields {
            guard let node = given.first(where: { $0.name.value == field.name }) else {
                if let fieldDefault = field.defaultValue,
                    let value = coerce(fieldDefault, to: field.type)
                {
                    fields.append((field.name, value))
                } else if field.type.isNonNull {
                    return nil
                }
                continue
            }
            guard let value = coerce(node.value, to: field.type) else { return nil }
            fields.append((field.name, value))
        }
        if input.isOneOf {
            guard fields.count == 1 else { return nil }
            if case .null = fields[0].1 { return nil }
        }
        return .object(fields)
    }

    private func coerceScalar(_ literal: ConstValueNode, _ name: String) -> CoercedDefault? {
        switch (name, literal.kind) {
        case ("Int", .int(let text)):
            guard let number = Double(text), number >= -2_147_483_648, number <= 2_147_483_647
            else { return nil }
            return .number(number)
        case ("Float", .int(let text)), ("Float", .float(let text)):
            return Double(text).map { .number($0) }
        case ("String", .string(let text, _)), ("ID", .string(let text, _)), ("ID", .int(let text)):
            return .string(text)
        case ("Boolean", .boolean(let flag)):
            return .boolean(flag)
        case ("Int", _), ("Float", _), ("String", _), ("ID", _), ("Boolean", _):
            return nil
        default:
            return Self.untyped(literal)
        }
    }

    /// graphql-js `valueFromASTUntyped`, what a custom scalar's default becomes.
    private static func untyped(_ literal: ConstValueNode) -> CoercedDefault? {
        switch literal.kind {
        case .int(let text), .float(let text): return Double(text).map { .number($0) }
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .boolean(flag)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let items):
            var values: [CoercedDefault] = []
            for item in items {
                guard let value = untyped(item) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .object(let fields):
            var values: [(String, CoercedDefault)] = []
            for field in fields {
                guard let value = untyped(field.value) else { return nil }
                values.append((field.name.value, value))
            }
            return .object(values)
        }
    }
}
