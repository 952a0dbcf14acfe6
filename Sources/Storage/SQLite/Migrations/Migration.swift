/// One numbered step of the schema: SQL (or code) that moves version `n - 1` to `n`.
///
/// Versions run 1, 2, 3, … with no gaps; the version a database has reached is kept in
/// `PRAGMA user_version`. A migration, once released, is never edited: fix it with a new one.
public struct Migration: Sendable {
    /// The schema version this step produces.
    public let version: Int
    /// A short name for logs and errors ("create users").
    public let name: String
    let apply: @Sendable (Connection) throws -> Void

    /// A step given as SQL; several `;`-separated statements are fine.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { try $0.executeScript(sql) }
    }

    /// A step given as code, for data changes SQL alone cannot express.
    public init(
        version: Int, name: String, apply: @escaping @Sendable (Connection) throws -> Void
    ) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// Why migrating failed; the description is meant for the operator, as is.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database was migrated by a newer kitchen than this one.
    case databaseIsNewer(found: Int, latest: Int)
    /// The migration list itself is wrong (a gap, a repeat, out of order).
    case invalidList(String)
    /// A step failed; nothing of it was applied.
    case stepFailed(version: Int, name: String, reason: String)

    /// A one-line account of the failure, for logs and the operator.
    public var description: String {
        switch self {
        case .databaseIsNewer(let found, let latest):
            "database schema version \(found) is newer than this kitchen (\(latest)); "
                + "upgrade kitchen or use another --db"
        case .invalidList(let problem):
            "invalid migration list: \(problem)"
        case .stepFailed(let version, let name, let reason):
            "migration \(version) (\(name)) failed: \(reason)"
        }
    }
}
