import Foundation

/// The `events` table on PostgreSQL: appended inside the write transaction of the change,
/// and announced with `NOTIFY kitchen_events`, which PostgreSQL delivers to every listening
/// connection — of any instance — when (and only if) that transaction commits.
enum PostgresEvents {
    /// The notification channel.
    static let channel = "kitchen_events"
    /// How many recent events are kept; older rows are pruned as new ones are written.
    static let retained: Int64 = 10_000
    /// The advisory lock that orders event appends (see `append`).
    static let appendLock: Int64 = 0x4B49_5443_4845_4E01

    /// Appends an event on `c`, which must be inside the write transaction of the change.
    ///
    /// The transaction-level advisory lock, held until commit, makes ids commit in the
    /// order they are handed out, so a reader that keeps the last id it saw never misses
    /// an event that a slower transaction committed later with a smaller id.
    static func append(topic: String, payload: String = "", _ c: PostgresConnection) throws {
        try c.execute("SELECT pg_advisory_xact_lock($1)", appendLock)
        let id = try c.queryFirst(
            "INSERT INTO events (topic, payload, created_at) VALUES ($1, $2, $3) RETURNING id",
            topic, payload, Date().milliseconds
        ) { $0.int64(0) } ?? 0
        if id % 100 == 0 { try c.execute("DELETE FROM events WHERE id <= $1", id - retained) }
        try c.execute("SELECT pg_notify($1, '')", channel)
    }

    /// The events after `id`, oldest first.
    static func events(after id: Int64, _ c: PostgresConnection) throws -> [StoredEvent] {
        try c.query("SELECT id, topic, payload FROM events WHERE id > $1 ORDER BY id", id) {
            StoredEvent(id: $0.int64(0), topic: $0.string(1), payload: $0.string(2))
        }
    }
}
