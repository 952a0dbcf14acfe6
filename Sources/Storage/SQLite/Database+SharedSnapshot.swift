extension Database {
    /// Runs `body` with every `read` it makes on this thread sharing one snapshot: the
    /// first read opens a read transaction, later reads join it, and it ends when `body`
    /// returns. Nothing is opened if `body` reads nothing.
    ///
    /// A GraphQL query runs inside one, so all its fields describe the same moment, and a
    /// request opens one read transaction (two file-lock system calls) instead of one per
    /// loader. Reads inside `body` do not see writes made inside it: run mutations outside.
    /// Nested calls join the outer one.
    public func withSharedSnapshot<T>(_ body: () throws -> T) rethrows -> T {
        let thread = currentThreadID()
        guard readers.withLock({ $0.sharing.insert(thread).inserted }) else { return try body() }
        defer { closeSharedSnapshot(for: thread) }
        return try body()
    }

    /// Leases a reader for the shared snapshot of `thread` and begins its transaction,
    /// which stays open (and the reader leased) until the snapshot closes.
    func openSharedSnapshot(for thread: UInt) throws -> Connection {
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
        return box.connection
    }

    /// Ends the shared snapshot of `thread`: its transaction, if a read opened one, ends
    /// and the reader goes back to the pool.
    private func closeSharedSnapshot(for thread: UInt) {
        let box = readers.withLock { pool -> ConnectionBox? in
            pool.sharing.remove(thread)
            return pool.leased[thread]
        }
        guard let box else { return }
        if box.connection.isInTransaction { try? box.connection.runControl("COMMIT") }
        returnReader(box, from: thread)
        readerSlots.signal()
    }
}
