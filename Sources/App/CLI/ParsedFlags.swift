/// A parsed command line: each flag's value (command line, else environment, else
/// default) and the positional arguments in order.
public struct ParsedFlags: Sendable {
    struct Entry: Sendable {
        var value: String
        /// Where the value came from, for error messages: `--port`, `KITCHEN_PORT`, `default`.
        var source: String
    }

    var entries: [String: Entry]
    /// Arguments that are not flags, in order (everything after `--` included).
    public var positional: [String]

    /// The value of the flag called `name`, or nil if it has none.
    public func string(_ name: String) -> String? {
        entries[name]?.value
    }

    /// The values of a list flag (`FlagSpec.list`), in order, without surrounding spaces;
    /// empty if it has none.
    public func list(_ name: String) -> [String] {
        guard let value = entries[name]?.value else { return [] }
        return value.split(separator: ",").map(\.spaceTrimmed).filter { !$0.isEmpty }
    }

    /// Whether a boolean flag is on.
    public func bool(_ name: String) -> Bool {
        entries[name]?.value == "true"
    }

    /// The flag's value as an integer in `range`, or nil if it has none.
    public func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(FlagError) -> Int? {
        guard let entry = entries[name] else { return nil }
        guard let number = Int(entry.value), range.contains(number) else {
            let expected = range == Int.min...Int.max
                ? "an integer" : "an integer from \(range.lowerBound) to \(range.upperBound)"
            throw .invalidValue(flag: name, value: entry.value, expected: expected, source: entry.source)
        }
        return number
    }
}
