internal import CPostgres
import Foundation

/// One thread that listens on the schema's change channel with a connection of its own
/// (outside the pool): it applies what other instances' commits changed to this
/// instance's caches (`PostgresDatabase.apply`) and hands the events committed since its
/// last read to a callback.
///
/// A notification wakes it at once; without one it still reads the events table every
/// `interval`, so a notification lost with a broken connection delays events by one
/// interval, never loses them (the table is the log, the notification only a wake-up).
/// When the connection breaks (a PostgreSQL restart) it connects again, every interval
/// until the server is back; it then counts everything as changed, since it cannot know
/// what was committed while it was away, and reads the events after the last one it
/// delivered, so none is lost or delivered twice.
final class PostgresEventFeed: EventFeed, Sendable {
    private let stopped = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening; events already in the table are not delivered.
    init(
        database: PostgresDatabase, interval: Duration,
        deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws {
        let connection = try Self.listen(database)
        let start = try connection.queryFirst("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0
        let box = PostgresBox(connection)
        let milliseconds = Int32(clamping: interval.components.seconds * 1000
            + interval.components.attoseconds / 1_000_000_000_000_000)
        let thread = Thread { [stopped, finished] in
            Self.run(box, database: database, after: start, waitMilliseconds: max(milliseconds, 1), stopped: stopped, deliver: deliver)
            finished.signal()
        }
        thread.name = "kitchen-postgres-events"
        thread.start()
    }

    /// Stops the thread and waits for it to close its connection.
    func stop() {
        guard !stopped.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    deinit { stop() }

    /// A new connection listening on the database's channel.
    private static func listen(_ database: PostgresDatabase) throws -> PostgresConnection {
        let connection = try PostgresConnection(url: database.url)
        try connection.runControl("LISTEN \"\(database.channel)\"")
        return connection
    }

    private static func run(
        _ box: PostgresBox, database: PostgresDatabase, after start: Int64, waitMilliseconds: Int32,
        stopped: StopFlag, deliver: ([StoredEvent]) -> Void
    ) {
        var connection: PostgresConnection? = box.connection
        defer { connection?.close() }
        var cursor = start
        while !stopped.value.load(ordering: .acquiring) {
            guard let listening = connection, listening.isHealthy else {
                connection?.close()
                connection = nil
                // Away from the server: wait, then try again.
                Thread.sleep(forTimeInterval: Double(waitMilliseconds) / 1000)
                guard let fresh = try? listen(database) else { continue }
                connection = fresh
                database.apply(.everything)
                cursor = readEvents(after: cursor, fresh, deliver: deliver)
                continue
            }
            // Woken by a notification or the interval; an interval's end reads the events
            // anyway, a notification only when its commit appended one.
            let woken = kitchen_pq_wait_readable(listening.handle, waitMilliseconds) > 0
            var readsEvents = !woken
            for changes in listening.notifications() {
                if changes.sender != database.instanceID { database.apply(changes) }
                if changes.touches("events") { readsEvents = true }
            }
            if readsEvents { cursor = readEvents(after: cursor, listening, deliver: deliver) }
        }
    }

    /// Delivers the events after `cursor` and returns the new cursor (the same one when
    /// the read failed: the next round tries again).
    private static func readEvents(after cursor: Int64, _ c: PostgresConnection, deliver: ([StoredEvent]) -> Void) -> Int64 {
        guard let events = try? PostgresEvents.events(after: cursor, c), let last = events.last else { return cursor }
        deliver(events)
        return last.id
    }
}

extension PostgresConnection {
    /// Reads what arrived on the socket and returns the notifications in it, each read as
    /// the change set it carries.
    func notifications() -> [NamedChanges] {
        guard PQconsumeInput(handle) == 1 else { return [] }
        var changes: [NamedChanges] = []
        while let notification = PQnotifies(handle) {
            changes.append(NamedChanges(payload: notification.pointee.extra.map { String(cString: $0) } ?? ""))
            PQfreemem(notification)
        }
        return changes
    }
}
