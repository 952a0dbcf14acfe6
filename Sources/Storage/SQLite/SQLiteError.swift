internal import CSQLite

/// A failure reported by SQLite, or a misuse of this wrapper.
///
/// It carries the SQL text that failed but never the values bound to it: bound values may be
/// passwords, tokens or personal data, and errors end up in logs.
public struct SQLiteError: DatabaseFailure, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public let code: Int32
    /// The extended result code (`kitchen_sqlite_constraint_unique`, …); equals `code` when there is none.
    public let extendedCode: Int32
    /// SQLite's message, or this wrapper's own for a misuse.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// Makes an error from its parts; used by the wrapper and by tests.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// A one-line account of the failure, for logs and the operator.
    public var description: String {
        let name = String(cString: sqlite3_errstr(extendedCode))
        if let sql { return "SQLite error \(extendedCode) (\(name)): \(message) — in: \(sql)" }
        return "SQLite error \(extendedCode) (\(name)): \(message)"
    }

    /// A constraint failed (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, PRIMARY KEY).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// A UNIQUE or PRIMARY KEY constraint failed: the row already exists.
    public var isUniqueViolation: Bool {
        extendedCode == kitchen_sqlite_constraint_unique || extendedCode == kitchen_sqlite_constraint_primarykey
    }
    /// A FOREIGN KEY constraint failed: the row refers to something that does not exist.
    public var isForeignKeyViolation: Bool { extendedCode == kitchen_sqlite_constraint_foreignkey }
    /// The database stayed locked longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The file could not be opened, or reading or writing it failed (`SQLITE_CANTOPEN`,
    /// `SQLITE_IOERR`): the disk or the file system did not answer, not the statement.
    public var isUnavailable: Bool { code == SQLITE_CANTOPEN || code == SQLITE_IOERR }

    /// The commit was made but syncing the write-ahead log to disk failed, so it may not
    /// survive a power cut.
    static let notDurable = SQLiteError(
        code: SQLITE_IOERR, extendedCode: Int32(kitchen_sqlite_ioerr_fsync),
        message: "the commit could not be synced to disk")

    /// The wrapper was used against its contract (a closed database, a bad index, …).
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }
}

/// Turns a C result code into a thrown `SQLiteError`; the one place every SQLite call is checked.
///
/// `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE` pass through and are returned, so that callers of
/// `sqlite3_step` can tell a row from the end.
@discardableResult
func check(_ resultCode: Int32, _ handle: OpaquePointer?, sql: String? = nil) throws(SQLiteError)
    -> Int32
{
    switch resultCode {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return resultCode
    default:
        // The handle's message describes its most recent failure, which is this one.
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        // Connections enable extended result codes, so `resultCode` is usually extended already;
        // otherwise ask the handle, as long as it is talking about the same failure.
        var extended = resultCode
        if resultCode <= 0xFF, let handle, sqlite3_extended_errcode(handle) & 0xFF == resultCode {
            extended = sqlite3_extended_errcode(handle)
        }
        throw SQLiteError(
            code: resultCode & 0xFF, extendedCode: extended, message: message, sql: sql)
    }
}
