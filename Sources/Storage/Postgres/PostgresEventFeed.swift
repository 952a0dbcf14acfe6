internal import CPostgres
import Foundation

/// One thread that listens on `kitchen_events` with a connection of its own (outside the
/// pool) and hands the events committed since its last read to a callback.
///
/// A notification wakes it at once; without one it still reads every `interval`, so a
/// notification lost with a broken connection delays events by one interval, never
/// loses them (the table is the log, the notification only a wake-up). Every wake also
/// counts as another commit for the database's generation: the same notification is how
/// one instance hears that another has written.
final class PostgresEventFeed: EventFeed, Sendable {
    private let stopped = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening; events already in the table are not delivered.
    init(
        database: PostgresDatabase, interval: Duration,
        deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws {
        let connection = try PostgresConnection(url: database.url)
        try connection.runControl("LISTEN \(PostgresEvents.channel)")
        let start = try connection.queryFirst("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0
        let box = PostgresBox(connection)
        let milliseconds = Int32(clamping: interval.components.seconds * 1000
            + interval.components.attoseconds / 1_000_000_000_000_000)
        let thread = Thread { [stopped, finished] in
            Self.run(box, after: start, waitMilliseconds: max(milliseconds, 1), stopped: stopped) { events in
                database.noteOtherCommit()
                deliver(events)
            }
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

    private static func run(
        _ box: PostgresBox, after start: Int64, waitMilliseconds: Int32, stopped: StopFlag,
        deliver: ([StoredEvent]) -> Void
    ) {
        let connection = box.connection
        defer { connection.close() }
        var cursor = start
        while !stopped.value.load(ordering: .acquiring) {
            // Woken by a notification or the interval; either way read what is new.
            _ = kitchen_pq_wait_readable(connection.handle, waitMilliseconds)
            connection.drainNotifications()
            do {
                let events = try PostgresEvents.events(after: cursor, connection)
                if let last = events.last {
                    cursor = last.id
                    deliver(events)
                }
            } catch {
                // The server went away for a moment: the next round tries again.
            }
        }
    }
}

extension PostgresConnection {
    /// Reads what arrived on the socket and forgets the notifications in it (the feed
    /// reads the table whatever they said).
    func drainNotifications() {
        guard PQconsumeInput(handle) == 1 else { return }
        while let notification = PQnotifies(handle) { PQfreemem(notification) }
    }
}
