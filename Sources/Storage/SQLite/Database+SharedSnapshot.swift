extension Database {
    /// Runs `body` with every `read` it makes on this thread sharing one snapshot: the
    /// first read opens a read transaction, later reads join it, and it ends when `body`
    /// returns. Nothing is opened if `body` reads nothing.
    ///
    /// A GraphQL operation runs inside one, so its fields describe one moment, and a
    /// request opens at most one read transaction instead of one per loader. A write on
    /// this thread ends the snapshot (`refreshSharedSnapshot`): reads after it open a new
    /// one, which sees the write. Nested calls join the outer one.
    ///
    /// When `body` returns, the snapshot is parked on the thread rather than ended (see
    /// `ParkedSnapshot`): the thread's next snapshot takes it up again if nothing has
    /// committed since, without a new transaction.
    public func withSharedSnapshot<T>(_ body: () throws -> T) rethrows -> T {
        let thread = currentThreadID()
        // Inside another snapshot, or inside a plain `read` (whose reader is not this
        // scope's to end): join what is there.
        let started = readers.withLock { pool in
            pool.leased[thread] == nil && pool.sharing.insert(thread).inserted
        }
        guard started else { return try body() }
        defer { closeSharedSnapshot(for: thread) }
        return try body()
    }

    /// Leases a reader for the shared snapshot of `thread`, in a transaction that stays
    /// open (and the reader leased) until the snapshot closes: the thread's parked
    /// snapshot when it has one, as it is if nothing has committed since it began, else
    /// renewed; otherwise a reader from the pool, with a new transaction.
    func openSharedSnapshot(for thread: UInt) throws -> ConnectionBox {
        // Read before the transaction begins, so that a commit in between only makes
        // the next look think the snapshot stale; the request's own reading when it made
        // one (for the data generation), else now.
        let header = takeFreshHeader(for: thread) ?? walIndex.read()
        let parked = readers.withLock { pool -> ConnectionBox? in
            guard let parked = pool.parked.removeValue(forKey: thread) else { return nil }
            pool.leased[thread] = parked.box
            return parked.box
        }
        if let parked {
            let connection = parked.connection
            if let header, header == parked.snapshotHeader, connection.isInTransaction { return parked }
            try begin(parked, at: header, for: thread, ending: connection.isInTransaction)
            return parked
        }
        takeReaderSlot()
        let box: ConnectionBox
        do {
            box = try leaseReader(for: thread)
        } catch {
            readerSlots.signal()
            throw error
        }
        try begin(box, at: header, for: thread)
        return box
    }

    /// Begins the transaction of a shared snapshot on the reader `thread` leased (ending
    /// the one it has first), noting the header read before; on failure the reader goes
    /// back to the pool with its slot.
    private func begin(
        _ box: ConnectionBox, at header: WALIndexHeader?, for thread: UInt, ending open: Bool = false
    ) throws {
        box.snapshotHeader = nil
        do {
            if open { try box.connection.runControl("COMMIT") }
            try box.connection.runControl("BEGIN DEFERRED")
        } catch {
            returnReader(box, from: thread)
            readerSlots.signal()
            throw error
        }
        box.snapshotHeader = header
        snapshotsBegun.add(1, ordering: .relaxed)
    }

    /// Ends the shared snapshot of `thread`: a reader it leased is parked with its
    /// transaction open, unless the database is closing or a write has made the snapshot
    /// stale, when the transaction ends and the reader goes back to the pool.
    private func closeSharedSnapshot(for thread: UInt) {
        let box = readers.withLock { pool -> ConnectionBox? in
            pool.sharing.remove(thread)
            guard let box = pool.leased[thread] else { return nil }
            guard !pool.isClosed, !box.staleSnapshot, box.connection.isInTransaction else { return box }
            pool.leased[thread] = nil
            pool.parked[thread] = ParkedSnapshot(box: box, sweep: pool.sweeps)
            return nil
        }
        if let box { endSharedTransaction(box, of: thread) }
    }

    /// After this thread's write commits: the snapshot it shares, if a read opened one,
    /// ends, so the next read opens a new one that sees the write. A mutation's fields
    /// thus see the data as their own writes left it.
    ///
    /// A write made while a read body runs on the snapshot (a write inside a `read`)
    /// leaves it open until that body returns: the body keeps its connection, and sees
    /// what it saw before.
    func refreshSharedSnapshot(for thread: UInt) {
        let box = readers.withLock { pool in
            pool.sharing.contains(thread) ? pool.leased[thread] : nil
        }
        guard let box else { return }
        if box.readsRunning > 0 {
            box.staleSnapshot = true
        } else {
            endSharedTransaction(box, of: thread)
        }
    }

    /// Ends a shared snapshot's transaction and puts its reader back in the pool with its
    /// slot; `thread` leased it (nil for a parked reader, leased by none).
    func endSharedTransaction(_ box: ConnectionBox, of thread: UInt?) {
        box.staleSnapshot = false
        box.snapshotHeader = nil
        if box.connection.isInTransaction { try? box.connection.runControl("COMMIT") }
        returnReader(box, from: thread)
        readerSlots.signal()
    }
}
