extension Database {
    /// Runs `body` with the writes it makes on this thread returning as soon as they
    /// commit, before the disk has them; returns the ticket of the newest such commit
    /// (nil when `body` wrote nothing), for `whenDurable`.
    ///
    /// A server uses it to answer a mutation without holding a thread while the disk
    /// syncs: it runs the request, keeps the answer, and sends it from `whenDurable`. So a
    /// client never hears of a change the disk could still lose. Other requests may read
    /// the change during that flush (about a millisecond); a power cut then could lose
    /// what they saw, but never what a writer was told is done.
    ///
    /// Nested calls join the outer one, which alone returns the ticket.
    public func deferringDurability<T>(_ body: () throws -> T) rethrows -> (T, durableAfter: UInt64?) {
        let thread = currentThreadID()
        let outermost = deferredCommits.withLock { commits in
            guard commits[thread] == nil else { return false }
            commits[thread] = 0
            return true
        }
        guard outermost else { return (try body(), nil) }
        // Ends the scope and says its newest commit (0: none).
        let endScope = { self.deferredCommits.withLock { $0.removeValue(forKey: thread) } ?? 0 }
        let value: T
        do {
            value = try body()
        } catch {
            _ = endScope()
            throw error
        }
        let newest = endScope()
        return (value, newest == 0 ? nil : newest)
    }

    /// Calls `done` once the commit with `ticket` is on disk (`true`), or its flush failed
    /// (`false`); at once if it is already on disk, else on the flusher's thread.
    public func whenDurable(_ ticket: UInt64, _ done: @escaping @Sendable (_ durable: Bool) -> Void) {
        flusher.whenDurable(ticket, done)
    }

    /// Records `ticket` as the newest commit of `thread` when it is inside
    /// `deferringDurability`; false when it is not, and must wait for the disk itself.
    func deferCommit(_ ticket: UInt64, of thread: UInt) -> Bool {
        deferredCommits.withLock { commits in
            guard let newest = commits[thread] else { return false }
            commits[thread] = max(newest, ticket)
            return true
        }
    }
}

extension Database {
    /// Commits made and log flushes run since the database opened; their ratio is how
    /// many commits one flush serves.
    public var flushStatistics: (commits: UInt64, flushes: Int) {
        let progress = flusher.progress
        return (progress.committed, progress.flushes)
    }
}
