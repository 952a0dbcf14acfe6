/// The five built-in scalars of section 3.5 — `Int`, `Float`, `String`, `Boolean`, `ID` —
/// coerced for input and output exactly as graphql-js 16 coerces them, messages included.
public enum BuiltInScalars {
    /// The names of the built-in scalars, in the order section 3.5 lists them.
    public static let names: [String] = ["Int", "Float", "String", "Boolean", "ID"]

    /// The largest value `Int` can hold (section 3.5.1: a signed 32-bit integer).
    public static let maxInt = Int(Int32.max)
    /// The smallest value `Int` can hold.
    public static let minInt = Int(Int32.min)

    /// Whether `name` is one of the five built-in scalars.
    public static func isBuiltIn(_ name: String) -> Bool {
        Kind(name: name) != nil
    }

    /// One of the five, known once per plan so that serializing a value compares no names.
    enum Kind: Sendable {
        case int, float, string, boolean, id

        init?(name: String) {
            switch name {
            case "Int": self = .int
            case "Float": self = .float
            case "String": self = .string
            case "Boolean": self = .boolean
            case "ID": self = .id
            default: return nil
            }
        }
    }

    // MARK: Output

    /// Result coercion: a resolver's value to what the response holds for scalar `typeName`.
    ///
    /// `Int` accepts integral numbers in range, booleans and numeric strings; `Float` finite
    /// numbers; `String` strings, booleans and numbers; `Boolean` booleans and numbers; `ID`
    /// strings and integers. Other names pass the value through.
    public static func serialize(_ value: Value, typeName: String) throws(CoercionFailure) -> Value {
        guard let kind = Kind(name: typeName) else { return value }
        return try serialize(value, as: kind)
    }

    /// Result coercion for a built-in scalar already known by kind.
    static func serialize(_ value: Value, as kind: Kind) throws(CoercionFailure) -> Value {
        switch kind {
        case .int: try serializeInt(value)
        case .float: try serializeFloat(value)
        case .string: try serializeString(value)
        case .boolean: try serializeBoolean(value)
        case .id: try serializeID(value)
        }
    }

    private static func serializeInt(_ value: Value) throws(CoercionFailure) -> Value {
        let number: Double
        switch value {
        case .int(let integer):
            guard integer >= minInt, integer <= maxInt else { throw .intRange(inspect(value)) }
            return value
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .float(let double): number = double
        case .string(let text) where !text.isEmpty:
            guard let parsed = javaScriptNumber(text) else { throw .nonInteger(inspect(value)) }
            number = parsed
        default: throw .nonInteger(inspect(value))
        }
        guard number.isWholeNumber else {
            throw .nonInteger(inspect(value))
        }
        guard number >= Double(minInt), number <= Double(maxInt) else {
            throw .intRange(inspect(value))
        }
        return .int(Int(number))
    }

    private static func serializeFloat(_ value: Value) throws(CoercionFailure) -> Value {
        switch value {
        case .int(let integer): return .float(Double(integer))
        case .float(let double) where double.isFinite: return value
        case .bool(let flag): return .float(flag ? 1 : 0)
        case .string(let text) where !text.isEmpty:
            if let number = javaScriptNumber(text), number.isFinite { return .float(number) }
        default: break
        }
        throw .float(inspect(value))
    }

    private static func serializeString(_ value: Value) throws(CoercionFailure) -> Value {
        switch value {
        case .string: return value
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .int(let integer): return .string(String(integer))
        case .float(let double) where double.isFinite:
            return .string(JSONNumberFormatting.javaScriptText(double))
        default: throw CoercionFailure("String cannot represent value: \(inspect(value))")
        }
    }

    private static func serializeBoolean(_ value: Value) throws(CoercionFailure) -> Value {
        switch value {
        case .bool: return value
        case .int(let integer): return .bool(integer != 0)
        case .float(let double) where double.isFinite: return .bool(double != 0)
        default: throw .boolean(inspect(value))
        }
    }

    private static func serializeID(_ value: Value) throws(CoercionFailure) -> Value {
        switch value {
        case .string: return value
        case .int(let integer): return .string(String(integer))
        case .float(let double) where double.isWholeNumber:
            return .string(JSONNumberFormatting.javaScriptText(double))
        default: throw .id(inspect(value))
        }
    }

    // MARK: Input from variables

    /// Input coercion of an external (JSON) value for scalar `typeName`; other names pass
    /// the value through.
    ///
    /// As in JavaScript, where `1.0` and `1` are the same number, an integral float is
    /// accepted where an `Int` or `ID` is expected.
    public static func parseValue(_ value: Value, typeName: String) throws(CoercionFailure) -> Value {
        switch typeName {
        case "Int":
            let number: Double
            switch value {
            case .int(let integer):
                guard integer >= minInt, integer <= maxInt else { throw .intRange(String(integer)) }
                return value
            case .float(let double) where double.isWholeNumber:
                number = double
            default: throw .nonInteger(inspect(value))
            }
            guard number >= Double(minInt), number <= Double(maxInt) else {
                throw .intRange(JSONNumberFormatting.javaScriptText(number))
            }
            return .int(Int(number))
        case "Float":
            switch value {
            case .int(let integer): return .float(Double(integer))
            case .float(let double) where double.isFinite: return value
            default: throw .float(inspect(value))
            }
        case "String":
            guard case .string = value else { throw .nonString(inspect(value)) }
            return value
        case "Boolean":
            guard case .bool = value else { throw .boolean(inspect(value)) }
            return value
        case "ID":
            switch value {
            case .string: return value
            case .int(let integer): return .string(String(integer))
            case .float(let double) where double.isWholeNumber:
                return .string(JSONNumberFormatting.javaScriptText(double))
            default: throw .id(inspect(value))
            }
        default:
            return value
        }
    }

    // MARK: Input from literals

    /// Input coercion of a literal for scalar `typeName`: an `Int` needs an integer literal,
    /// a `Float` an integer or float literal, an `ID` a string or integer literal.
    ///
    /// Variables are resolved before this is called; a variable here is not accepted.
    public static func parseLiteral(
        _ node: ValueNode, typeName: String
    ) throws(CoercionFailure) -> Value {
        try parseLiteralKind(node, typeName: typeName)
    }

    static func parseLiteralKind<Reference: LiteralVariable>(
        _ node: GenericValueNode<Reference>, typeName: String
    ) throws(CoercionFailure) -> Value {
        let printed = { ValueDescriptions.print(node) }
        switch (typeName, node.kind) {
        case ("Int", .int(let text)):
            guard let integer = Int(text), integer >= minInt, integer <= maxInt else {
                throw .intRange(text)
            }
            return .int(integer)
        case ("Int", _): throw .nonInteger(printed())
        case ("Float", .int(let text)), ("Float", .float(let text)):
            guard let double = Double(text), double.isFinite else { throw .float(printed()) }
            return .float(double)
        case ("Float", _): throw .float(printed())
        case ("String", .string(let text, _)): return .string(text)
        case ("String", _): throw .nonString(printed())
        case ("Boolean", .boolean(let flag)): return .bool(flag)
        case ("Boolean", _): throw .boolean(printed())
        case ("ID", .string(let text, _)), ("ID", .int(let text)): return .string(text)
        case ("ID", _):
            throw CoercionFailure(
                "ID cannot represent a non-string and non-integer value: \(printed())")
        default:
            throw CoercionFailure("\"\(typeName)\" is not a built-in scalar.")
        }
    }

    // MARK: Helpers

    private static func inspect(_ value: Value) -> String {
        ValueDescriptions.inspect(value)
    }
}

extension CoercionFailure {
    static func nonInteger(_ shown: String) -> CoercionFailure {
        CoercionFailure("Int cannot represent non-integer value: \(shown)")
    }
    static func intRange(_ shown: String) -> CoercionFailure {
        CoercionFailure("Int cannot represent non 32-bit signed integer value: \(shown)")
    }
    static func float(_ shown: String) -> CoercionFailure {
        CoercionFailure("Float cannot represent non numeric value: \(shown)")
    }
    static func nonString(_ shown: String) -> CoercionFailure {
        CoercionFailure("String cannot represent a non string value: \(shown)")
    }
    static func boolean(_ shown: String) -> CoercionFailure {
        CoercionFailure("Boolean cannot represent a non boolean value: \(shown)")
    }
    static func id(_ shown: String) -> CoercionFailure {
        CoercionFailure("ID cannot represent value: \(shown)")
    }
}
