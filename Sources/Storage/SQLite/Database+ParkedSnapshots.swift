import Dispatch

/// A thread's shared snapshot kept open between its requests, with its reader.
///
/// Beginning and ending a read transaction costs more than the reads of a small request:
/// the statements themselves, and SQLite's lock on a read mark of the WAL index — a file
/// lock (`fcntl`) under a mutex that every connection of the process shares, which the
/// threads of a busy server queue for. A thread's next snapshot takes up its parked one
/// when the WAL-index header reads as it did before that transaction began (no connection
/// of any process has committed since: `WALIndexHeader`), so it sees exactly what a new
/// transaction would; otherwise it ends the old transaction and begins a new one.
///
/// A parked transaction holds a read mark, which keeps a checkpoint from copying later
/// commits into the database file and the log from starting over. So parked snapshots end
/// when this process commits, when a reader needs their slot in the pool, before an
/// explicit checkpoint, and when their thread has not taken them up for a while (the
/// sweep, every `Options.idleSnapshotSweep`).
struct ParkedSnapshot {
    let box: ConnectionBox
    /// The sweep count when it was parked: the sweep after next ends it.
    let sweep: UInt64
}

extension Database {
    /// Starts the sweep that ends parked snapshots their threads have left idle; it stops
    /// when the database closes or is freed.
    func startSweepingParkedSnapshots() {
        let interval = DispatchTimeInterval.microseconds(Int(options.idleSnapshotSweep.sleepMicroseconds))
        let sweeper = RepeatingTimer(every: interval) { [weak self] in
            self?.sweepParkedSnapshots()
        }
        parkedSnapshotSweeper.withLock { $0 = sweeper }
    }

    /// Ends the parked snapshots that have waited through a whole sweep interval: those
    /// parked before the previous sweep, so one is never idle for more than two intervals.
    func sweepParkedSnapshots() {
        let sweep = readers.withLock { pool in
            pool.sweeps += 1
            return pool.sweeps
        }
        releaseParkedSnapshots { $0.sweep + 2 <= sweep }
    }

    /// Ends the parked snapshots `shouldEnd` picks and puts their readers back in the pool.
    func releaseParkedSnapshots(where shouldEnd: (ParkedSnapshot) -> Bool = { _ in true }) {
        let ended = readers.withLock { pool -> [ConnectionBox] in
            guard !pool.parked.isEmpty else { return [] }
            var ended: [ConnectionBox] = []
            for (thread, parked) in pool.parked where shouldEnd(parked) {
                pool.parked[thread] = nil
                ended.append(parked.box)
            }
            return ended
        }
        for box in ended { endSharedTransaction(box, of: nil) }
    }

    /// Closes the parked readers, giving back their slots (for `close()` and `deinit`).
    func closeParkedReaders() {
        let parked = readers.withLock { pool in
            defer { pool.parked.removeAll() }
            return pool.parked.values.map(\.box)
        }
        for box in parked {
            box.connection.close()
            readerSlots.signal()
        }
    }

    /// Takes a reader slot, ending parked snapshots (whose readers hold slots while idle)
    /// when none is free, rather than waiting for the sweep.
    func takeReaderSlot() {
        if readerSlots.wait(timeout: .now()) == .success { return }
        releaseParkedSnapshots()
        readerSlots.wait()
    }

    /// How many read transactions shared snapshots have begun, for tests.
    var sharedSnapshotsBegun: Int { snapshotsBegun.load(ordering: .relaxed) }

    /// How many shared snapshots are parked, for tests.
    var parkedSnapshotCount: Int { readers.withLock { $0.parked.count } }
}

/// Calls a function on a global queue at a fixed interval until stopped or freed.
final class RepeatingTimer: @unchecked Sendable {
    // Dispatch's sources may be used from any thread; the reference never changes.
    private let source: any DispatchSourceTimer

    init(every interval: DispatchTimeInterval, _ tick: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler(handler: tick)
        source.resume()
    }

    func stop() { source.cancel() }

    deinit { source.cancel() }
}
