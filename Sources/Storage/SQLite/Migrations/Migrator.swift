/// Applies pending migrations in order, each in its own `BEGIN IMMEDIATE` transaction.
///
/// `PRAGMA user_version` is written inside the same transaction as the step, so a step is
/// either fully applied and recorded or not at all, even if the process dies half-way.
public struct Migrator: Sendable {
    /// The steps, in version order.
    public let migrations: [Migration]

    /// Takes the full list of steps, oldest first.
    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The version the newest migration produces (0 when there are none).
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database up to `latestVersion`; returns the versions it applied.
    ///
    /// Throws `MigrationError.databaseIsNewer` without touching anything when the database
    /// is ahead of this list.
    @discardableResult
    public func migrate(_ connection: Connection) throws -> [Int] {
        try validate()
        let current = try Self.version(of: connection)
        guard current <= latestVersion else {
            throw MigrationError.databaseIsNewer(found: current, latest: latestVersion)
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            do {
                try connection.transaction(.immediate) { c in
                    // Re-read inside the lock: another process may have migrated meanwhile.
                    guard try Self.version(of: c) < migration.version else { return }
                    try migration.apply(c)
                    try c.runControl("PRAGMA user_version = \(migration.version)")
                    applied.append(migration.version)
                }
            } catch let error as MigrationError {
                throw error
            } catch {
                throw MigrationError.stepFailed(
                    version: migration.version, name: migration.name, reason: "\(error)")
            }
        }
        return applied
    }

    /// The schema version recorded in the database (`PRAGMA user_version`).
    public static func version(of connection: Connection) throws -> Int {
        try connection.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    private func validate() throws(MigrationError) {
        for (offset, migration) in migrations.enumerated() where migration.version != offset + 1 {
            throw .invalidList(
                "step \(offset + 1) is numbered \(migration.version) (\(migration.name)); "
                    + "versions must run 1, 2, 3, … without gaps")
        }
    }
}
