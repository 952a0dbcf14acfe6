/// A field's coerced argument values (section 6.4.1, CoerceArgumentValues), as a resolver
/// sees them.
///
/// Validation and coercion have already checked every value against its type, so the typed
/// accessors only say whether a value is there: nil means absent or null (`self[name]`
/// tells the two apart).
///
/// A resolver registered with `reading:` gets arguments that answer only the names it
/// declared — the names `bind(to:)` checked against the schema at start. Reading another
/// is a bug in the resolver: it stops a debug build at once and reads as absent otherwise.
public struct Arguments: Sendable {
    /// The coerced values, in argument definition order; absent arguments have no key.
    public let values: ObjectValue
    /// The names a resolver declared it reads; nil when reads are not restricted.
    @usableFromInline let readable: [String]?

    public init(_ values: ObjectValue = ObjectValue()) {
        self.values = values
        self.readable = nil
    }

    @usableFromInline
    init(_ values: ObjectValue, readable: [String]?) {
        self.values = values
        self.readable = readable
    }

    /// The same values, answering only `names` (all of them when nil).
    @inlinable
    func reading(_ names: [String]?) -> Arguments {
        names == nil ? self : Arguments(values, readable: names)
    }

    /// The value of an argument; nil when it is absent, `.null` when it was given as null.
    public subscript(name: String) -> Value? {
        if let readable, !readable.contains(name) {
            assertionFailure("A resolver read the argument \"\(name)\", which it does not declare (reading: \(readable)).")
            return nil
        }
        return values[name]
    }

    /// A `String` or `ID` argument.
    public func string(_ name: String) -> String? {
        if case .string(let text)? = self[name] { return text }
        return nil
    }

    /// An `Int` argument.
    public func int(_ name: String) -> Int? {
        if case .int(let number)? = self[name] { return number }
        return nil
    }

    /// A `Float` argument (an integer given for a `Float` reads as a `Double` too).
    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .float(let number)?: number
        case .int(let number)?: Double(number)
        default: nil
        }
    }

    /// A `Boolean` argument.
    public func bool(_ name: String) -> Bool? {
        if case .bool(let flag)? = self[name] { return flag }
        return nil
    }

    /// An input object argument.
    public func object(_ name: String) -> ObjectValue? {
        if case .object(let object)? = self[name] { return object }
        return nil
    }

    /// A list argument.
    public func list(_ name: String) -> [Value]? {
        if case .list(let items)? = self[name] { return items }
        return nil
    }
}
