extension Database {
    /// Runs `body` with every `read` it makes on this thread sharing one snapshot: the
    /// first read opens a read transaction, later reads join it, and it ends when `body`
    /// returns. Nothing is opened if `body` reads nothing.
    ///
    /// A GraphQL operation runs inside one, so its fields describe one moment, and a
    /// request opens one read transaction (two file-lock system calls) instead of one per
    /// loader. A write on this thread ends the snapshot (`refreshSharedSnapshot`): reads
    /// after it open a new one, which sees the write. Nested calls join the outer one.
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

    /// Leases a reader for the shared snapshot of `thread` and begins its transaction,
    /// which stays open (and the reader leased) until the snapshot closes.
    func openSharedSnapshot(for thread: UInt) throws -> ConnectionBox {
        readerSlots.wait()
        let box: ConnectionBox
        do {
            box = try leaseReader(for: thread)
        } catch {
            readerSlots.signal()
            throw error
        }
        do {
            try box.connection.runControl("BEGIN DEFERRED")
        } catch {
            returnReader(box, from: thread)
            readerSlots.signal()
            throw error
        }
        return box
    }

    /// Ends the shared snapshot of `thread`: its transaction, if a read opened one, ends
    /// and the reader goes back to the pool.
    private func closeSharedSnapshot(for thread: UInt) {
        let box = readers.withLock { pool -> ConnectionBox? in
            pool.sharing.remove(thread)
            return pool.leased[thread]
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

    private func endSharedTransaction(_ box: ConnectionBox, of thread: UInt) {
        box.staleSnapshot = false
        if box.connection.isInTransaction { try? box.connection.runControl("COMMIT") }
        returnReader(box, from: thread)
        readerSlots.signal()
    }
}
