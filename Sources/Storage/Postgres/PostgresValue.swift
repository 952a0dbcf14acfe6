/// One value bound to a PostgreSQL statement parameter, sent in libpq's text format (bytes
/// in binary), so the server parses it by the parameter's type: never spliced into SQL.
public enum PostgresValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case boolean(Bool)
    case real(Double)
    case text(String)
    case bytes([UInt8])
    /// A `bigint[]`, for `= ANY($n)`: one parameter, and one statement text, for a list of
    /// any length.
    case integers([Int64])
    /// A `text[]`.
    case texts([String])
}

/// A Swift value that can be bound to a PostgreSQL statement parameter.
public protocol PostgresBindable {
    /// The value to bind.
    var postgresValue: PostgresValue { get }
}

extension PostgresValue: PostgresBindable {
    public var postgresValue: PostgresValue { self }
}

extension Int: PostgresBindable {
    public var postgresValue: PostgresValue { .integer(Int64(self)) }
}

extension Int64: PostgresBindable {
    public var postgresValue: PostgresValue { .integer(self) }
}

extension Bool: PostgresBindable {
    public var postgresValue: PostgresValue { .boolean(self) }
}

extension Double: PostgresBindable {
    public var postgresValue: PostgresValue { .real(self) }
}

extension String: PostgresBindable {
    public var postgresValue: PostgresValue { .text(self) }
}

extension SQLBlob: PostgresBindable {
    public var postgresValue: PostgresValue { .bytes(bytes) }
}

extension Array: PostgresBindable where Element == Int64 {
    public var postgresValue: PostgresValue { .integers(self) }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    public var postgresValue: PostgresValue {
        switch self {
        case .none: .null
        case .some(let value): value.postgresValue
        }
    }
}

extension PostgresValue {
    /// The text libpq sends, or nil for `NULL` and for bytes (sent in binary).
    ///
    /// PostgreSQL text cannot hold U+0000; such a string is refused rather than cut short
    /// at the NUL, which is what a C string would do.
    func text() throws(PostgresError) -> String? {
        switch self {
        case .null, .bytes: return nil
        case .integer(let value): return String(value)
        case .boolean(let value): return value ? "t" : "f"
        case .real(let value): return "\(value)"
        case .text(let value):
            guard !value.utf8.contains(0) else { throw .misuse("a text value holds U+0000") }
            return value
        case .integers(let values):
            return "{" + values.map(String.init).joined(separator: ",") + "}"
        case .texts(let values):
            var literal = "{"
            for (index, value) in values.enumerated() {
                guard !value.utf8.contains(0) else { throw .misuse("a text value holds U+0000") }
                if index > 0 { literal += "," }
                literal += "\""
                for character in value.unicodeScalars {
                    if character == "\"" || character == "\\" { literal += "\\" }
                    literal.unicodeScalars.append(character)
                }
                literal += "\""
            }
            return literal + "}"
        }
    }
}
