/// A runtime value: what variables are read into, what coercion produces, what resolvers
/// return for leaves, and what is written out as JSON.
///
/// *Absent* is not a case: an absent input is a missing key in an `ObjectValue` or a `nil`
/// `Value?`, and that is kept apart from `.null` everywhere, as input coercion requires.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list([Value])
    case object(ObjectValue)
}

/// An object whose keys keep the order they were written or inserted in.
public struct ObjectValue: Sendable, Hashable {
    public private(set) var keys: [String]
    public private(set) var values: [Value]

    public init() {
        keys = []
        values = []
    }

    public init(_ pairs: [(String, Value)]) {
        keys = pairs.map(\.0)
        values = pairs.map(\.1)
    }

    /// Keys and their values, as many of each, the keys distinct: what the JSON reader has
    /// collected, taken without pairing them up and splitting them again.
    init(keys: [String], values: [Value]) {
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value under `key`; nil when the key is absent (not the same as `.null`).
    public subscript(key: String) -> Value? {
        get {
            guard let index = keys.firstIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The entries in order.
    public var entries: [(key: String, value: Value)] {
        Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }
    }
}

extension ObjectValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }
}
