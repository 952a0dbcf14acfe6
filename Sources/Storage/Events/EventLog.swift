import Foundation

/// One change announcement from the `events` table.
public struct StoredEvent: Sendable, Hashable {
    /// Increasing over the database's life; a poller's cursor.
    public var id: Int64
    /// What changed, e.g. `cart:12` or `comments:dish:3`.
    public var topic: String
    /// A topic-specific detail (a comment's id); often empty.
    public var payload: String

    /// Makes a value from its parts.
    public init(id: Int64, topic: String, payload: String) {
        self.id = id
        self.topic = topic
        self.payload = payload
    }
}

/// The `events` table: changes announced inside the write transaction that makes them,
/// so a subscriber hears of a change exactly when it commits, from whichever process.
public enum EventLog {
    /// How many recent events are kept; older rows are pruned as new ones are written.
    /// A poller reads every ~25 ms, so this is far more than one poll can fall behind.
    static let retained: Int64 = 10_000

    /// The topic of a user's cart.
    public static func cartTopic(userID: Int64) -> String { "cart:\(userID)" }

    /// The topic of a comment thread.
    public static func commentsTopic(_ target: CommentTarget) -> String {
        "comments:\(target.kind):\(target.id)"
    }

    /// Appends an event on `c`, which must be inside the write transaction of the change.
    public static func append(topic: String, payload: String = "", _ c: Connection) throws {
        try c.execute(
            "INSERT INTO events (topic, payload, created_at) VALUES (?, ?, ?)",
            topic, payload, Date().milliseconds)
        let id = c.lastInsertRowID
        if id % 100 == 0 {
            try c.execute("DELETE FROM events WHERE id <= ?", id - retained)
        }
    }

    /// The events after `id`, oldest first.
    ///
    /// Run as an uncounted statement: the poller's reads are background work, not part of
    /// any request, so they must not show in the statement counts the batching tests
    /// and benchmarks measure per request.
    public static func events(after id: Int64, _ c: Connection) throws -> [StoredEvent] {
        try c.checkOpen()
        let statement = try c.controlStatement("SELECT id, topic, payload FROM events WHERE id > ? ORDER BY id")
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        var events: [StoredEvent] = []
        while let row = try statement.step() {
            events.append(StoredEvent(id: row.int64(0), topic: row.string(1), payload: row.string(2)))
        }
        return events
    }

    /// `PRAGMA data_version`: changes whenever another connection commits (uncounted).
    static func dataVersion(_ c: Connection) throws -> Int64 {
        try c.checkOpen()
        let statement = try c.controlStatement("PRAGMA data_version")
        defer { statement.reset() }
        return try statement.step()?.int64(0) ?? 0
    }

    /// The newest event's id, or 0.
    public static func latestID(_ c: Connection) throws -> Int64 {
        try c.queryFirst("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0
    }
}
