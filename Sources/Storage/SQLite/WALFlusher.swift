import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the writer's commits durable in groups: one `fdatasync` of the write-ahead log
/// covers every commit made before it began.
///
/// The writer commits with `synchronous=NORMAL`, so a commit writes its WAL frames and
/// returns without waiting for the disk, and the writer is free for the next one at once.
/// Each commit takes a ticket (1, 2, 3, … in commit order); whoever must not go on before
/// the commit is on disk asks `whenDurable(ticket)`. Flushes run one at a time on a queue
/// of their own: a flush reads the newest ticket, syncs the log, and then every waiter up
/// to that ticket is answered. Commits that arrive during a flush wait for the next one,
/// and share it; when several are already waiting, the flush first waits a moment
/// (`gather`) for more. Under load one flush answers many commits; alone, a commit waits
/// for one flush, as it would have inside `COMMIT` with `synchronous=FULL`.
///
/// Linux syncs a file's data whichever descriptor wrote it, so a descriptor of our own on
/// the log serves. SQLite takes no locks on the log file itself (WAL locks live in the
/// `-shm` file), so opening and closing it cannot drop one of SQLite's POSIX locks.
final class WALFlusher: Sendable {
    /// What a waiter learns: the commit is on disk, or the flush failed.
    typealias Completion = @Sendable (_ durable: Bool) -> Void

    private struct State {
        /// The newest commit's ticket (0: none yet).
        var committed: UInt64 = 0
        /// Every commit up to this ticket is on disk.
        var flushed: UInt64 = 0
        /// A flush round is queued or running.
        var flushing = false
        var waiters: [(ticket: UInt64, done: Completion)] = []
        /// Flushes made, for tests and benchmarks.
        var flushCount = 0
        var descriptor: Int32 = -1
        var isClosed = false
    }

    private let state = Mutex(State())
    private let logPath: String
    private let sync: @Sendable (Int32) -> Bool
    private let gatherMicroseconds: UInt32
    private let queue = DispatchQueue(label: "kitchen.wal-flusher")

    /// A flusher for the log of the database at `databasePath`. Under load a flush waits
    /// `gather` first, so that more commits share it; `sync` makes a descriptor's data
    /// durable (tests pass one that holds a flush back).
    init(
        databasePath: String, gather: Duration = WALFlusher.defaultGather,
        sync: @escaping @Sendable (Int32) -> Bool = { fdatasync($0) == 0 }
    ) {
        self.logPath = databasePath + "-wal"
        self.sync = sync
        self.gatherMicroseconds = gather.sleepMicroseconds
    }

    /// How long a flush waits for more commits when several writers are busy. A sync
    /// costs this machine's kernel about 55 µs of CPU whatever it covers; waiting 1 ms
    /// under M1's load took a flush from 2.2 to 7 commits and the benchmark from about
    /// 7,000 to 8,500 writes/s, with a lower p99 (Benchmarks/RESULTS.md).
    static let defaultGather = Duration.milliseconds(1)

    /// When this many commits are already waiting — they piled up during a slow sync — a
    /// flush syncs them at once instead of gathering: at 55 µs a sync, eight commits share
    /// it for 7 µs each, and making a group that big wait longer only left the CPU idle.
    /// In 24 alternating M1 runs this came out ahead 17 times, by about 5% on average,
    /// and the plain gather had the worst runs (Benchmarks/RESULTS.md).
    static let fullGroup: UInt64 = 8

    /// Takes the next ticket; the writer calls it right after each commit, under its lock,
    /// so tickets follow commit order.
    func ticketForCommit() -> UInt64 {
        state.withLock { state in
            state.committed += 1
            return state.committed
        }
    }

    /// How many flushes have run, and the newest ticket known durable.
    var progress: (flushes: Int, flushed: UInt64, committed: UInt64) {
        state.withLock { ($0.flushCount, $0.flushed, $0.committed) }
    }

    /// Calls `done` once the commit with `ticket` is on disk (at once if it already is),
    /// on the flusher's queue or the calling thread.
    func whenDurable(_ ticket: UInt64, _ done: @escaping Completion) {
        let (runNow, startRound): (Bool, Bool) = state.withLock { state in
            if ticket <= state.flushed { return (true, false) }
            state.waiters.append((ticket, done))
            if state.flushing { return (false, false) }
            state.flushing = true
            return (false, true)
        }
        if runNow { done(true) }
        if startRound { queue.async { self.flushRounds() } }
    }

    /// Blocks the calling thread until the commit with `ticket` is on disk; false when the
    /// flush failed.
    func waitUntilDurable(_ ticket: UInt64) -> Bool {
        let answered = DispatchSemaphore(value: 0)
        let outcome = Atomic<Bool>(false)
        whenDurable(ticket) { durable in
            outcome.store(durable, ordering: .relaxed)
            answered.signal()
        }
        answered.wait()
        return outcome.load(ordering: .relaxed)
    }

    /// Flushes until no waiter is left; one round per `fdatasync`.
    private func flushRounds() {
        var covered: UInt64 = state.withLock { $0.flushed }
        while true {
            // More than one commit waiting means several writers are busy: give the ones
            // about to commit a moment to join this flush, unless a full group waits
            // already. Alone, a commit never waits.
            let waiting = state.withLock { $0.committed } - covered
            if gatherMicroseconds > 0, waiting > 1, waiting < Self.fullGroup {
                usleep(gatherMicroseconds)
            }
            let (target, descriptor) = state.withLock { state in
                if state.descriptor < 0 && !state.isClosed { state.descriptor = openLog() }
                return (state.committed, state.descriptor)
            }
            let durable = descriptor >= 0 && sync(descriptor)
            covered = target
            let (ready, more): ([Completion], Bool) = state.withLock { state in
                state.flushCount += 1
                if durable { state.flushed = max(state.flushed, target) }
                var ready: [Completion] = []
                state.waiters.removeAll { waiter in
                    guard waiter.ticket <= target else { return false }
                    ready.append(waiter.done)
                    return true
                }
                if state.waiters.isEmpty { state.flushing = false }
                return (ready, !state.waiters.isEmpty)
            }
            for done in ready { done(durable) }
            if !more { return }
        }
    }

    /// Opens the log for syncing and, the first time, syncs its folder too, so that the
    /// log's name survives a power cut along with its content.
    private func openLog() -> Int32 {
        let descriptor = open(logPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return -1 }
        let folderEnd = logPath.lastIndex(of: "/")
        let folder = folderEnd.map { String(logPath[..<$0]) } ?? "."
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            closeDescriptor(folderDescriptor)
        }
        return descriptor
    }

    /// Waits for the flush in progress and closes the log's descriptor; called once the
    /// writer has closed. `checkpointed` says whether its last checkpoint (which syncs the
    /// log and the file) succeeded: then every commit is durable, and any waiter left, or
    /// asking later, hears so.
    func close(checkpointed: Bool) {
        queue.sync {}
        let (descriptor, left): (Int32, [Completion]) = state.withLock { state in
            state.isClosed = true
            if checkpointed { state.flushed = state.committed }
            defer {
                state.descriptor = -1
                state.waiters = []
            }
            return (state.descriptor, state.waiters.map(\.done))
        }
        if descriptor >= 0 { closeDescriptor(descriptor) }
        for done in left { done(checkpointed) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

extension Duration {
    /// Whole microseconds, for `usleep`; longer spans than `UInt32` holds are clamped.
    var sleepMicroseconds: UInt32 {
        let (seconds, attoseconds) = components
        return UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }
}
