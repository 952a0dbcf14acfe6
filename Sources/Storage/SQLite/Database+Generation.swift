import Synchronization

/// A connection that only asks `PRAGMA data_version`, and the last answer it got.
final class DataWatch: @unchecked Sendable {
    let connection: Connection
    var version: Int64
    /// The WAL-index header read just before `version` was: while the header still reads
    /// the same, no commit has happened since and `version` is still the answer.
    var indexHeader: WALIndexHeader?
    /// Whether `indexHeader` is the header this thread read last, and no shared snapshot
    /// has begun on the thread since: the next one may take it as read before it began
    /// (`takeFreshHeader`), rather than read it again.
    var headerIsFresh = false

    init(connection: Connection, version: Int64) {
        self.connection = connection
        self.version = version
    }
}

extension Database {
    /// A number that moves whenever the data may have changed: two equal readings mean no
    /// write committed between them, so anything computed from the data in between is
    /// still true. Caches keyed by it (the response cache) drop what they hold when it moves.
    ///
    /// This process's writes move it as they commit (after, never before: a reading taken
    /// before a read starts is never newer than the data the read sees). Writes by other
    /// connections — another process on the same file — move it by the next call on any
    /// thread: each calling thread keeps a watcher of its own (a connection asking `PRAGMA
    /// data_version`, whose answer changes whenever another connection has committed), so
    /// the common case takes no shared lock, and it asks only when the WAL-index header has
    /// changed since its last question (`WALIndexHeader`: one `pread`, no file lock). When
    /// a thread's watcher sees a change, or is new, it asks the one shared reference
    /// watcher, which moves the generation only if it too has seen a commit since its own
    /// last reading — so a commit that several threads notice is counted once, and one no
    /// thread had noticed yet is never missed.
    /// Throws when the database is closed or unreadable.
    public func checkedDataGeneration() throws -> UInt64 {
        let thread = currentThreadID()
        try refuseIfClosed()
        if let watch = watches.withLock({ $0[thread] }) {
            // Unchanged header: nobody committed since this watcher's last reading.
            let header = walIndex.read()
            watch.headerIsFresh = header != nil
            if let header, header == watch.indexHeader { return generation.load(ordering: .acquiring) }
            // The header this process's newest commit left, so that commit (already
            // counted) is the last one: nothing to ask. A commit by someone else before it
            // is covered by its count too; one after it changes the header again.
            if let header, header == ownCommitHeader.withLock({ $0 }) {
                watch.indexHeader = header
                return generation.load(ordering: .acquiring)
            }
            watcherQuestions.add(1, ordering: .relaxed)
            let version = try EventLog.dataVersion(watch.connection)
            // Read before the version: a commit in between moves the header again.
            watch.indexHeader = header
            if version != watch.version {
                watch.version = version
                try countChangesSinceReference()
            }
        } else {
            // Read the new watcher first, then the reference: a commit before the first
            // reading is one the reference sees (or saw), one after it this watcher will.
            let connection = try Connection(path: path, access: .readOnly, busyTimeout: options.busyTimeout)
            let watch = DataWatch(connection: connection, version: try EventLog.dataVersion(connection))
            try countChangesSinceReference()
            let stale = watches.withLock { watches in watches.updateValue(watch, forKey: thread) }
            stale?.connection.close()
            // `close()` may have emptied the table before this watcher went in.
            do {
                try refuseIfClosed()
            } catch {
                if let late = watches.withLock({ $0.removeValue(forKey: thread) }) { late.connection.close() }
                throw error
            }
        }
        return generation.load(ordering: .acquiring)
    }

    /// Moves the generation if another connection has committed since the reference
    /// watcher's last reading. The first call opens the reference: nothing can have been
    /// computed under the generation before any reading, so there is nothing to count.
    ///
    /// A commit of this process that SQLite has made but the writer has not yet noted
    /// (`noteOwnCommit`, under the writer lock) looks like another connection's. Under
    /// concurrent writes a reader met one several times a second, and each emptied the
    /// response cache; so a change not known as this process's is looked at again under
    /// the writer lock, when no commit of ours is half recorded, before it counts as
    /// another's. (Taken before the reference's lock, as a write that asks for the
    /// generation takes them; the writer's own thread decides at once.)
    private func countChangesSinceReference() throws {
        let decided = try referenceWatch.withLock { try readReference(&$0, writerIdle: false) }
        guard !decided else { return }
        if writerThread.load(ordering: .acquiring) == currentThreadID() {
            _ = try referenceWatch.withLock { try readReference(&$0, writerIdle: true) }
            return
        }
        try writer.withLock { _ in
            _ = try referenceWatch.withLock { try readReference(&$0, writerIdle: true) }
        }
    }

    /// One reading of the reference watcher (see `countChangesSinceReference`); false when
    /// it found a change it cannot attribute without `writerIdle` (the writer lock held, or
    /// this the writer's thread), and left the reading for then.
    private func readReference(_ reference: inout DataWatch?, writerIdle: Bool) throws -> Bool {
        guard let current = reference else {
            let connection = try Connection(path: path, access: .readOnly, busyTimeout: options.busyTimeout)
            reference = DataWatch(connection: connection, version: try EventLog.dataVersion(connection))
            return true
        }
        let version = try EventLog.dataVersion(current.connection)
        guard version != current.version else { return true }
        // The reference counts this process's commits as others' too. When the newest
        // commit is ours (the header, read after the version, is the one it left), it
        // has moved both generations past everything before it: nothing to count.
        let ours = walIndex.read().map { $0 == ownCommitHeader.withLock({ $0 }) } ?? false
        guard ours || writerIdle else { return false }
        current.version = version
        guard !ours else { return true }
        // Which tables another connection changed is not known: all may have.
        watchedTablesGeneration.add(1, ordering: .releasing)
        generation.add(1, ordering: .releasing)
        announce(.everything)
        return true
    }

    /// The WAL-index header this thread's `checkedDataGeneration()` read last, if no shared
    /// snapshot has begun on the thread since (a request asks for the generation before it
    /// runs); nil otherwise. A header read earlier than needed is only older: a snapshot
    /// that notes it looks stale sooner, never fresher than it is.
    func takeFreshHeader(for thread: UInt) -> WALIndexHeader? {
        guard let watch = watches.withLock({ $0[thread] }), watch.headerIsFresh else { return nil }
        watch.headerIsFresh = false
        return watch.indexHeader
    }

    /// Records the WAL-index header the writer's commit just left; called under the writer
    /// lock, after the generation has moved for it.
    func noteOwnCommit() {
        let header = walIndex.read()
        ownCommitHeader.withLock { $0 = header }
    }

    private func refuseIfClosed() throws {
        if readers.withLock({ $0.isClosed }) { throw SQLiteError.misuse("database \(path) is closed") }
    }
}
