extension PostgresDatabase {
    /// Takes an idle connection or opens one, waiting for a slot while `poolSize` are in
    /// use; `thread` (when given) records the lease as that thread's.
    func lease(for thread: UInt?) throws -> PostgresBox {
        slots.wait()
        let idle: PostgresBox?
        do {
            idle = try pool.withLock { pool throws(PostgresError) -> PostgresBox? in
                guard !pool.isClosed else { throw .misuse("the database is closed") }
                let box = pool.idle.popLast()
                if box == nil { pool.openCount += 1 }
                if let box, let thread { pool.leased[thread] = box }
                return box
            }
        } catch {
            slots.signal()
            throw error
        }
        if let idle {
            guard idle.connection.isHealthy else {
                // A server restart broke it: drop it and open a fresh one in its place.
                pool.withLock { pool in
                    if let thread { pool.leased[thread] = nil }
                }
                idle.connection.close()
                return try openLeased(for: thread)
            }
            return idle
        }
        return try openLeased(for: thread, counted: true)
    }

    /// Opens a new connection for a lease whose slot is held (and, unless `counted`, not
    /// yet counted as open).
    private func openLeased(for thread: UInt?, counted: Bool = true) throws -> PostgresBox {
        do {
            let box = PostgresBox(try PostgresConnection(url: url, roundTripLimit: roundTripLimit))
            if let thread { pool.withLock { $0.leased[thread] = box } }
            return box
        } catch {
            pool.withLock { $0.openCount -= 1 }
            slots.signal()
            throw error
        }
    }

    /// Returns a connection to the pool (rolling back whatever it left open), or closes it
    /// when broken or when the database closed meanwhile.
    func giveBack(_ box: PostgresBox, from thread: UInt? = nil) {
        if box.connection.isInTransaction, box.connection.isHealthy {
            try? box.connection.runControl("ROLLBACK")
        }
        let keep = pool.withLock { pool in
            if let thread { pool.leased[thread] = nil }
            guard !pool.isClosed, !box.broken, box.connection.isHealthy else {
                pool.openCount -= 1
                return false
            }
            pool.idle.append(box)
            return true
        }
        if !keep { box.connection.close() }
        slots.signal()
    }

    /// How many connections are open (leased or idle), for tests.
    var openConnectionCount: Int { pool.withLock { $0.openCount } }
}
