/// Brings a PostgreSQL database's schema up to date: numbered steps, as on SQLite, with
/// the version reached kept in `kitchen_schema_version`.
///
/// Each step runs in its own transaction under an advisory lock, so instances that start
/// at once against one database migrate one after the other, and a failed step leaves
/// nothing of itself behind. A database migrated by a newer Kitchen is refused.
enum PostgresMigrator {
    /// The advisory lock key every Kitchen instance takes while migrating.
    static let lockKey: Int64 = 0x4B49_5443_4845_4E00  // "KITCHEN\0"

    static func migrate(
        _ c: PostgresConnection, steps: [PostgresMigration] = PostgresSchema.migrations
    ) throws {
        try c.execute("SELECT pg_advisory_lock($1)", lockKey)
        defer { _ = try? c.execute("SELECT pg_advisory_unlock($1)", lockKey) }
        try c.executeScript(
            """
            CREATE TABLE IF NOT EXISTS kitchen_schema_version (
                only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
                version INTEGER NOT NULL)
            """)
        let current = try c.queryFirst("SELECT version FROM kitchen_schema_version") { $0.int(0) } ?? 0
        let latest = steps.last?.version ?? 0
        guard current <= latest else { throw MigrationError.databaseIsNewer(found: current, latest: latest) }
        for step in steps where step.version > current {
            do {
                try c.transaction {
                    try c.executeScript(step.sql)
                    try c.execute(
                        """
                        INSERT INTO kitchen_schema_version (version) VALUES ($1)
                        ON CONFLICT (only_row) DO UPDATE SET version = excluded.version
                        """, step.version)
                }
            } catch {
                throw MigrationError.stepFailed(version: step.version, name: step.name, reason: "\(error)")
            }
        }
    }
}

/// One numbered step of the PostgreSQL schema. Once released a step is never edited.
struct PostgresMigration: Sendable {
    let version: Int
    let name: String
    let sql: String
}
