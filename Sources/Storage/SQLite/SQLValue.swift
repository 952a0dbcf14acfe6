/// One SQLite value, as bound to a statement parameter or read from a column.
///
/// SQLite has exactly these five storage classes; everything Swift binds becomes one of them.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value that can be bound to a statement parameter.
///
/// Conformers say which `SQLValue` they are; the statement does the C call. Optionals bind
/// `NULL` when empty, so `c.execute(sql, user.bio)` works for a `String?`.
public protocol SQLBindable {
    /// The value to bind.
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLBindable {
    /// SQLite has no boolean: `true` is 1 and `false` is 0, as its own `TRUE`/`FALSE` are.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Double: SQLBindable {
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
}

extension Substring: SQLBindable {
    public var sqlValue: SQLValue { .text(String(self)) }
}

/// Bytes bind as a BLOB (a digest, a key, an image hash).
///
/// Wrapped, because `[UInt8]` could as well mean a list of small integers.
public struct SQLBlob: SQLBindable, Sendable, Hashable {
    /// The bytes.
    public var bytes: [UInt8]
    /// Wraps the bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var sqlValue: SQLValue { .blob(bytes) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue {
        switch self {
        case .none: .null
        case .some(let value): value.sqlValue
        }
    }
}
