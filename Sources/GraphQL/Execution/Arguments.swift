/// A field's coerced argument values (section 6.4.1, CoerceArgumentValues), as a resolver
/// sees them.
///
/// Validation and coercion have already checked every value against its type, so the typed
/// accessors only say whether a value is there: nil means absent or null (`self[name]`
/// tells the two apart).
public struct Arguments: Sendable {
    /// The coerced values, in argument definition order; absent arguments have no key.
    public let values: ObjectValue

    public init(_ values: ObjectValue = ObjectValue()) {
        self.values = values
    }

    /// The value of an argument; nil when it is absent, `.null` when it was given as null.
    public subscript(name: String) -> Value? { values[name] }

    /// A `String` or `ID` argument.
    public func string(_ name: String) -> String? {
        if case .string(let text)? = values[name] { return text }
        return nil
    }

    /// An `Int` argument.
    public func int(_ name: String) -> Int? {
        if case .int(let number)? = values[name] { return number }
        return nil
    }

    /// A `Float` argument (an integer given for a `Float` reads as a `Double` too).
    public func double(_ name: String) -> Double? {
        switch values[name] {
        case .float(let number)?: number
        case .int(let number)?: Double(number)
        default: nil
        }
    }

    /// A `Boolean` argument.
    public func bool(_ name: String) -> Bool? {
        if case .bool(let flag)? = values[name] { return flag }
        return nil
    }

    /// An input object argument.
    public func object(_ name: String) -> ObjectValue? {
        if case .object(let object)? = values[name] { return object }
        return nil
    }

    /// A list argument.
    public func list(_ name: String) -> [Value]? {
        if case .list(let items)? = values[name] { return items }
        return nil
    }
}
