/// A failure inside the PostgreSQL store: what libpq or the server said, with the SQL that
/// failed but never the values bound to it.
///
/// Internal, like `SQLiteError`: it is logged, and a client sees only `INTERNAL`, or
/// `UNAVAILABLE` when the server did not answer (`isUnavailable`). The SQLSTATE code lets
/// callers tell a unique violation (`23505`) or a serialization failure (`40001`) from the
/// rest.
public struct PostgresError: DatabaseFailure, CustomStringConvertible, Sendable {
    /// The five-character SQLSTATE (Kitchen's `08…` for a connection libpq lost), or ""
    /// for a misuse.
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

    /// Whether the server could not be reached or went away: a connection exception
    /// (class `08`, which Kitchen also gives libpq's own connection failures), a server
    /// shutting down or starting (`57P01`–`57P03`), or one with no connection to spare
    /// (`53300`). The same statement may well succeed in a moment.
    public var isUnavailable: Bool {
        sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(sqlState)
    }

    /// SQLSTATE `08001`: a connection could not be made.
    static let cannotConnect = "08001"
    /// SQLSTATE `08006`: a connection failed while in use.
    static let connectionLost = "08006"

    /// No answer to a round trip within `limit` (`PostgresConnection.roundTripLimit`).
    static func noAnswer(within limit: Duration?) -> PostgresError {
        PostgresError(sqlState: connectionLost, "no answer from the server within \(limit ?? .zero); connection given up")
    }

    static func misuse(_ message: String) -> PostgresError { PostgresError(message) }
}
