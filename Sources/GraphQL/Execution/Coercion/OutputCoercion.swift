/// Output coercion of leaf values (CompleteValue, section 6.4.3, for leaf types): what the
/// executor calls on a resolver's value for a scalar or enum field.
///
/// A scalar with a `ScalarCoercion` uses it; a built-in scalar without one uses
/// `BuiltInScalars`; any other custom scalar passes its value through unchanged.
public enum OutputCoercion {
    /// A resolver's value for a field of leaf type `type` (a scalar or an enum).
    public static func serialize(_ value: Value, as type: NamedType) throws(CoercionFailure) -> Value {
        switch type {
        case .scalar(let scalar): return try serialize(value, scalar: scalar)
        case .enumeration(let enumType): return try serialize(value, enumType: enumType)
        default: return value
        }
    }

    /// A resolver's value for a scalar.
    public static func serialize(_ value: Value, scalar: ScalarType) throws(CoercionFailure) -> Value {
        if let coercion = scalar.coercion { return try coercion.serialize(value) }
        return try BuiltInScalars.serialize(value, typeName: scalar.name)
    }

    /// A resolver's value for an enum: a string naming one of its values.
    public static func serialize(_ value: Value, enumType: EnumType) throws(CoercionFailure) -> Value {
        if case .string(let name) = value, enumType.value(named: name) != nil { return value }
        throw CoercionFailure(
            "Enum \"\(enumType.name)\" cannot represent value: \(ValueDescriptions.inspect(value))")
    }
}
