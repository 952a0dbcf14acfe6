import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Database {
    /// How many read connections are open (leased or idle), for tests and metrics.
    var openReaderCount: Int { readers.withLock { $0.openCount } }

    /// Runs `body` with the writer locked to this thread.
    ///
    /// A nested call from the same thread is refused with an error: `Mutex` is not
    /// re-entrant, and locking it twice would stop the process.
    func withWriter<T>(_ body: (Connection) throws -> T) throws -> T {
        let thread = currentThreadID()
        guard writerThread.load(ordering: .acquiring) != thread else {
            throw SQLiteError.misuse(
                "write called inside write on one thread; use the connection already given "
                    + "(a nested transaction becomes a savepoint)")
        }
        var result: Result<T, any Error> = .failure(SQLiteError.misuse("database \(path) is closed"))
        var ticket: UInt64 = 0
        writer.withLock { box in
            guard let connection = box?.connection else { return }
            writerThread.store(thread, ordering: .releasing)
            defer { writerThread.store(0, ordering: .releasing) }
            changeCollector.reset()
            result = Result { try body(connection) }
            // After the commit, never before: a reader that sees the old number must not be
            // able to see data older than it.
            generation.add(1, ordering: .releasing)
            let committed = if case .success = result { true } else { false }
            let foundOtherCommit = countWatchedChanges(of: connection, committed: committed)
            // Taken under the lock, so that tickets follow the order of the commits.
            if committed {
                ticket = flusher.ticketForCommit()
                noteOwnCommit()
            }
            // A rolled-back write changed nothing; another connection's commit, found
            // here, is one the watchers will not count (see `countWatchedChanges`).
            if foundOtherCommit {
                announce(.everything)
            } else if committed {
                announce(changeCollector.changes)
            }
        }
        refreshSharedSnapshot(for: thread)
        // Other threads' parked snapshots are now stale; ended, they hold back no checkpoint.
        if case .success = result { releaseParkedSnapshots() }
        let value = try result.get()
        if !deferCommit(ticket, of: thread), !flusher.waitUntilDurable(ticket) {
            throw SQLiteError.notDurable
        }
        return value
    }

    /// The read connection `thread` is using already, if it is inside a `read`.
    func readerLeased(by thread: UInt) -> ConnectionBox? {
        readers.withLock { $0.leased[thread] }
    }

    /// Takes an idle reader, or opens a new one; the caller holds a reader slot.
    func leaseReader(for thread: UInt) throws -> ConnectionBox {
        let idle: ConnectionBox? = try readers.withLock { pool in
            guard !pool.isClosed else { throw SQLiteError.misuse("database \(path) is closed") }
            if let box = pool.idle.popLast() {
                pool.leased[thread] = box
                return box
            }
            pool.openCount += 1
            return nil
        }
        if let idle {
            if idle.connection.catalog == nil, let catalog { idle.connection.describeReads(by: catalog) }
            return idle
        }
        // Opening takes a while; do it outside the lock.
        do {
            let connection = try Connection(path: path, access: .readOnly, busyTimeout: options.busyTimeout)
            if let catalog { connection.describeReads(by: catalog) }
            let box = ConnectionBox(connection)
            readers.withLock { $0.leased[thread] = box }
            return box
        } catch {
            readers.withLock { $0.openCount -= 1 }
            throw error
        }
    }

    /// Puts a reader back in the pool, or closes it when the database has closed meanwhile;
    /// `thread` is the one that leased it (nil for a parked reader, leased by none).
    func returnReader(_ box: ConnectionBox, from thread: UInt?) {
        let keep = readers.withLock { pool in
            if let thread { pool.leased[thread] = nil }
            guard !pool.isClosed else {
                pool.openCount -= 1
                return false
            }
            pool.idle.append(box)
            return true
        }
        if !keep { box.connection.close() }
    }
}

/// Read connections not in use, the ones in use by thread, and how many are open in all.
struct ReaderPool {
    var idle: [ConnectionBox] = []
    var leased: [UInt: ConnectionBox] = [:]
    var openCount = 0
    var isClosed = false
    /// The threads inside `withSharedSnapshot`.
    var sharing: Set<UInt> = []
    /// Shared snapshots kept open between their threads' requests, by thread.
    var parked: [UInt: ParkedSnapshot] = [:]
    /// Counts the sweeps for idle parked snapshots.
    var sweeps: UInt64 = 0
}

/// Carries a connection between threads; the pool guarantees one thread uses it at a time.
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection
    /// How many `read` bodies of the leasing thread are running on it (that thread alone
    /// touches it): a shared snapshot in use by one is not ended under its feet.
    var readsRunning = 0
    /// A write committed while a read body held the shared snapshot: it ends as soon as
    /// no read body runs on it.
    var staleSnapshot = false
    /// The WAL-index header read just before the shared snapshot's transaction began; nil
    /// when none is open, or when it could not be read.
    var snapshotHeader: WALIndexHeader?
    init(_ connection: Connection) { self.connection = connection }
}

/// An identifier of the calling thread, unique among the threads alive at the moment.
func currentThreadID() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
