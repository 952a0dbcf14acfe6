/// A failure inside the PostgreSQL store: what libpq or the server said, with the SQL that
/// failed but never the values bound to it.
///
/// Internal, like `SQLiteError`: it is logged, and a client sees only `INTERNAL`. The
/// SQLSTATE code lets callers tell a unique violation (`23505`) or a serialization failure
/// (`40001`) from the rest.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    /// The five-character SQLSTATE, or "" for a failure of the connection itself.
    public let sqlState: String
    /// The server's (or libpq's) message.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    init(sqlState: String = "", _ message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    public var description: String {
        let code = sqlState.isEmpty ? "" : " [\(sqlState)]"
        return "PostgreSQL error\(code): \(message)" + (sql.map { " in \($0)" } ?? "")
    }

    /// Whether a unique constraint refused the statement.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// Whether the transaction lost a race and may be run again (serialization failure or
    /// deadlock).
    var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    static func misuse(_ message: String) -> PostgresError { PostgresError(message) }
}
