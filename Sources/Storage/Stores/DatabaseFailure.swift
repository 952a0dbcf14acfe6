/// A store's own failure (`SQLiteError`, `PostgresError`), as the App may tell it apart
/// from the rest without knowing which store runs.
///
/// Such an error is internal: its text (SQL, paths, addresses) goes to the log only. What
/// the App may show is whether the database did not answer — a condition of the server's
/// side that passes, so the client is told to try again — or refused the statement.
public protocol DatabaseFailure: Error {
    /// Whether the database could not be reached or read right now: its server is down,
    /// unreachable or restarting, or its file cannot be opened or read (an I/O error), as
    /// opposed to a statement it refused (a constraint, a full disk, a bug).
    var isUnavailable: Bool { get }
}
