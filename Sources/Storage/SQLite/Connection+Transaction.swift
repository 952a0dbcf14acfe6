/// How a transaction takes its locks.
public enum TransactionKind: Sendable {
    /// `BEGIN DEFERRED`: a consistent snapshot for several reads; locks nothing until used.
    case deferred
    /// `BEGIN IMMEDIATE`: takes the write lock at once, so the transaction can never fail
    /// half-way with `SQLITE_BUSY` when it first writes.
    case immediate
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Nested calls become savepoints, so a failing inner step undoes only itself and the
    /// caller may catch and carry on; the outer transaction still decides the commit.
    /// `try c.transaction { c in try c.execute(…); try c.execute(…) }`
    public func transaction<T>(
        _ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T
    ) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try runControl(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        let result: T
        do {
            result = try body(self)
            try runControl("COMMIT")
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` in a deferred transaction so all its reads see one snapshot.
    public func readTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction(.deferred, body)
    }

    private func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "kitchen_savepoint_\(savepointDepth)"
        try runControl("SAVEPOINT \(name)")
        do {
            let result = try body(self)
            try runControl("RELEASE \(name)")
            return result
        } catch {
            if isInTransaction {
                try? runControl("ROLLBACK TO \(name)")
                try? runControl("RELEASE \(name)")
            }
            throw error
        }
    }

    /// Rolls back, unless SQLite already did (some errors end the transaction themselves);
    /// a failure here must not hide the error that caused the rollback.
    private func rollbackQuietly() {
        if isInTransaction { try? runControl("ROLLBACK") }
    }
}
