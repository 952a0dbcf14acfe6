import GraphQL

/// Reading the fields of a coerced input object, keeping *absent* apart from *null*.
extension ObjectValue {
    /// A `String` field given as text; nil when absent or null.
    func text(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    /// A clearable `String` field: nil when absent (leave it), `.some(nil)` when null
    /// (clear it), the text otherwise.
    func clearableText(_ key: String) -> String?? {
        switch self[key] {
        case nil: return nil
        case .string(let text)?: return .some(text)
        default: return .some(nil)
        }
    }

    /// A list of `String`s; nil when absent or null.
    func texts(_ key: String) -> [String]? {
        guard case .list(let items)? = self[key] else { return nil }
        return items.compactMap { item in
            if case .string(let text) = item { return text }
            return nil
        }
    }
}
