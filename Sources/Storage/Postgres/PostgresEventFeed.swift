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
/// When the connection breaks (a PostgreSQL restart, a cut session) it counts everything
/// as changed and marks the database deaf (`listenerLost`), so that no instance cache is
/// used while other instances' commits go unheard; it connects again every interval until
/// the server is back, counts everything as changed once more, since it cannot know what
/// was committed while it was away, and reads the events after the last one it delivered,
/// so none is lost or delivered twice.
///
/// `stop()` wakes the thread out of its wait at once (an eventfd beside the socket), so a
/// server stops without waiting out the interval.
final class PostgresEventFeed: EventFeed, Sendable {
    private let stopped: StopFlag
    private let finished: DispatchSemaphore
    /// Signalled by `stop()` to end the thread's wait.
    private let wake: Int32

    /// Starts listening; events already in the table are not delivered.
    init(
        database: PostgresDatabase, interval: Duration,
        deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws {
        // Everything that can fail comes before the properties are set, so that a failure
        // leaves no object whose deinit would wait for a thread never started.
        let connection = try Self.listen(database)
        let start = try connection.queryFirst("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0
        let wake = kitchen_wake_open()
        guard wake >= 0 else { throw PostgresError.misuse("cannot make the event feed's wake-up descriptor") }
        let (stopped, finished) = (StopFlag(), DispatchSemaphore(value: 0))
        (self.wake, self.stopped, self.finished) = (wake, stopped, finished)
        let box = PostgresBox(connection)
        let milliseconds = Int32(clamping: interval.components.seconds * 1000
            + interval.components.attoseconds / 1_000_000_000_000_000)
        let thread = Thread { [stopped, finished, wake] in
            Self.run(
                box, database: database, after: start, waitMilliseconds: max(milliseconds, 1), wake: wake,
                stopped: stopped, deliver: deliver)
            finished.signal()
        }
        thread.name = "kitchen-postgres-events"
        thread.start()
    }

    /// Stops the thread and waits for it to close its connection.
    func stop() {
        guard !stopped.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        kitchen_wake_signal(wake)
        finished.wait()
    }

    deinit {
        stop()
        close(wake)
    }

    /// The `application_name` of the listening session of the instance `instance`, so an
    /// operator (or a test) finds it in `pg_stat_activity`.
    static func applicationName(instance: String) -> String { "kitchen events \(instance)" }

    /// A new connection listening on the database's channel.
    private static func listen(_ database: PostgresDatabase) throws -> PostgresConnection {
        let connection = try PostgresConnection(url: database.url, roundTripLimit: database.roundTripLimit)
        // The instance id is a UUID: nothing in it needs quoting.
        try connection.runControl("SET application_name = '\(applicationName(instance: database.instanceID))'")
        try connection.runControl("LISTEN \"\(database.channel)\"")
        return connection
    }

    private static func run(
        _ box: PostgresBox, database: PostgresDatabase, after start: Int64, waitMilliseconds: Int32, wake: Int32,
        stopped: StopFlag, deliver: ([StoredEvent]) -> Void
    ) {
        var connection: PostgresConnection? = box.connection
        defer { connection?.close() }
        var cursor = start
        while !stopped.value.load(ordering: .acquiring) {
            guard let listening = connection, listening.isHealthy else {
                if connection != nil {
                    // Deaf to other instances' commits from now on: no cache may be used
                    // until the feed hears again (`checkedDataGeneration` throws).
                    database.listenerLost.store(true, ordering: .releasing)
                    database.apply(.everything)
                }
                connection?.close()
                connection = nil
                // Away from the server: wait, then try again.
                _ = kitchen_pq_wait_readable(nil, wake, waitMilliseconds)
                guard !stopped.value.load(ordering: .acquiring), let fresh = try? listen(database) else { continue }
                connection = fresh
                database.listenerLost.store(false, ordering: .releasing)
                database.apply(.everything)
                cursor = readEvents(after: cursor, fresh, deliver: deliver)
                continue
            }
            // Woken by a notification or the interval; an interval's end reads the events
            // anyway, a notification only when its commit appended one.
            let woken = kitchen_pq_wait_readable(listening.handle, wake, waitMilliseconds) > 0
            guard !stopped.value.load(ordering: .acquiring) else { break }
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
