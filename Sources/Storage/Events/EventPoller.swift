import Foundation
import Synchronization

/// One thread per process that watches the `events` table and hands new events to a
/// callback, within one polling interval of their commit.
///
/// It keeps a read connection of its own and asks `PRAGMA data_version` first: the number
/// changes only when another connection (this process's writer, or another process)
/// has committed, so an idle poll costs one pragma and no query.
public final class EventPoller: Sendable {
    private let stopped = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts polling the database at `path` every `interval`; `deliver` is called on the
    /// poller's thread with each batch of new events, oldest first. Events already in
    /// the table when it starts are not delivered.
    public init(
        path: String, interval: Duration = .milliseconds(25),
        deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws {
        let connection = try Connection(path: path, access: .readOnly)
        let start = try EventLog.latestID(connection)
        let box = ConnectionBox(connection)
        let thread = Thread { [stopped, finished] in
            Self.run(box, after: start, interval: interval, stopped: stopped, deliver: deliver)
            finished.signal()
        }
        thread.name = "kitchen-events"
        thread.start()
    }

    /// Stops the thread and waits for it to close its connection.
    public func stop() {
        guard !stopped.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    deinit { stop() }

    private static func run(
        _ box: ConnectionBox, after start: Int64, interval: Duration, stopped: StopFlag,
        deliver: @Sendable ([StoredEvent]) -> Void
    ) {
        let connection = box.connection
        defer { connection.close() }
        var cursor = start
        var version: Int64 = -1
        let pause = interval.sleepMicroseconds
        while !stopped.value.load(ordering: .acquiring) {
            do {
                let now = try EventLog.dataVersion(connection)
                if now != version {
                    version = now
                    let events = try EventLog.events(after: cursor, connection)
                    if let last = events.last {
                        cursor = last.id
                        deliver(events)
                    }
                }
            } catch {
                // A busy or locked moment: try again next interval.
            }
            usleep(pause)
        }
    }
}

/// A flag the poller's thread reads and `stop()` sets.
final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
