import Foundation

extension PostgresDatabase: KitchenDatabase {
    /// The connection string without its password.
    public var location: String { StoreLocation.withoutPassword(url) }

    /// The PostgreSQL repositories over this database.
    public func repositories(clock: @escaping Clock, cachesReferents: Bool) -> Repositories {
        Repositories(
            users: PostgresUsers(database: self, clock: clock),
            recipes: PostgresRecipes(database: self, clock: clock),
            drafts: PostgresDrafts(database: self, clock: clock),
            dishes: PostgresDishes(database: self, clock: clock),
            comments: PostgresComments(database: self, clock: clock),
            forums: PostgresForums(database: self, clock: clock),
            search: PostgresSearch(database: self, clock: clock),
            market: PostgresMarket(database: self, clock: clock),
            cart: PostgresCart(database: self, clock: clock),
            addresses: PostgresAddresses(database: self, clock: clock),
            orders: PostgresOrders(database: self, clock: clock),
            basket: PostgresBasket(database: self),
            apps: PostgresApps(database: self, clock: clock),
            media: PostgresMedia(database: self, clock: clock))
    }

    /// The demo data set (`PostgresDemoData`).
    public func installDemoData(hasher: PasswordHasher, now: Date) throws -> Bool {
        try PostgresDemoData.install(self, hasher: hasher, now: now)
    }

    /// Listens on the schema's change channel: applies other instances' changes and reads
    /// the new events (`PostgresEventFeed`). A notification wakes the feed at once, so the
    /// table is read without one only as a safety net: every `interval`, but no more often
    /// than `idleEventRead` (the hub's interval is made for polling a SQLite file).
    public func startEventFeed(
        interval: Duration, deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws -> any EventFeed {
        try PostgresEventFeed(database: self, interval: max(interval, Self.idleEventRead), deliver: deliver)
    }

    /// How often an idle feed reads the events table, and tries to reconnect after losing
    /// its connection.
    static let idleEventRead: Duration = .seconds(1)

    /// Moves with every commit that changed something: this instance's, after its
    /// `COMMIT`, and another instance's, when its notification arrives
    /// (`PostgresEventFeed`), so within the moment the notification takes. Throws while
    /// the event feed has lost its connection: another instance's commit would go unheard,
    /// so nothing may be answered from a cache until it listens again.
    public func checkedDataGeneration() throws -> UInt64 {
        guard !pool.withLock({ $0.isClosed }) else { throw PostgresError.misuse("the database is closed") }
        guard !listenerLost.load(ordering: .acquiring) else {
            throw PostgresError("not listening for other instances' commits (reconnecting)")
        }
        return generation.load(ordering: .acquiring)
    }

    /// Moves with every commit that changed a watched table (`watchChanges(to:)`), or that
    /// may have changed anything.
    public var watchedGeneration: UInt64 { watchedTablesGeneration.load(ordering: .acquiring) }

    /// The generation as this process counts it (`checkedDataGeneration` without the check).
    public var noticedDataGeneration: UInt64 { generation.load(ordering: .acquiring) }

    /// The catalog of the schema, read when the database opened.
    public var catalog: DataCatalog? { postgresCatalog?.catalog }

    /// The schema's catalog with its indexes.
    var postgresCatalog: PostgresCatalog? { catalogBox.withLock { $0 } }

    /// Tells `observer` what each later commit changed, this instance's (before the write
    /// returns) and other instances' (when their notification arrives).
    public func observeChanges(_ observer: @escaping @Sendable (ChangeSet) -> Void) {
        changeObservers.withLock { $0.append(observer) }
    }

    /// Counts a commit's changes: moves the generations they concern and tells the
    /// observers, in their numbers. A change of nothing is not counted.
    func apply(_ changes: NamedChanges) {
        guard !changes.isEmpty else { return }
        generation.add(1, ordering: .releasing)
        if watchedTables.withLock({ $0.contains(where: changes.touches) }) || changes.isEverything {
            watchedTablesGeneration.add(1, ordering: .releasing)
        }
        let set = changes.changeSet(in: catalog)
        for observer in changeObservers.withLock({ $0 }) { observer(set) }
    }

    /// Makes `watchedGeneration` move whenever a commit changes rows of `table`.
    public func watchChanges(to table: String) {
        watchedTables.withLock { _ = $0.insert(table) }
    }

    /// Runs `body` with every `read` on this thread sharing one `REPEATABLE READ` snapshot,
    /// begun by the first read; a write on the thread ends it (and takes its connection).
    public func withSharedSnapshot<T>(_ body: () throws -> T) rethrows -> T {
        let thread = currentThreadID()
        let started = pool.withLock { pool in
            pool.leased[thread] == nil && !pool.writing.contains(thread) && pool.sharing.insert(thread).inserted
        }
        guard started else { return try body() }
        defer {
            let box = pool.withLock { pool -> PostgresBox? in
                pool.sharing.remove(thread)
                return pool.leased[thread]
            }
            if let box { giveBack(box, from: thread) }
        }
        return try body()
    }

    /// A commit is durable when `COMMIT` returns (`synchronous_commit = on`): no ticket.
    public func deferringDurability<T>(_ body: () throws -> T) rethrows -> (T, durableAfter: UInt64?) {
        (try body(), nil)
    }

    /// Every ticket is durable already (none are handed out).
    public func whenDurable(_ ticket: UInt64, _ done: @escaping @Sendable (_ durable: Bool) -> Void) {
        done(true)
    }

    /// Commits of this process; PostgreSQL flushes each commit itself (grouping concurrent
    /// ones by its own means), so every commit counts as flushed.
    public var flushStatistics: (commits: UInt64, flushes: Int) {
        let count = commits.load(ordering: .relaxed)
        return (count, Int(count))
    }

    /// Asks the server `SELECT 1` on a pooled connection.
    public func healthCheck() throws {
        let answer = try read { try $0.queryFirst("SELECT 1") { $0.int(0) } }
        guard answer == 1 else { throw PostgresError.misuse("health check read \(answer ?? 0)") }
    }

    /// A secret in `kitchen_secrets`, made on first use; two instances asking at once
    /// agree on one (the insert that loses the race reads the winner's).
    public func secret(named name: String, byteCount: Int) throws -> [UInt8] {
        let fresh = try SecureRandom.bytes(byteCount)
        let stored = try write { c in
            try c.execute(
                "INSERT INTO kitchen_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                name, SQLBlob(fresh))
            return try c.queryFirst("SELECT value FROM kitchen_secrets WHERE name = $1", name) { $0.blob(0) }
        }
        guard let stored, stored.count == byteCount else {
            throw PostgresError.misuse("secret \(name) has \(stored?.count ?? 0) bytes, not \(byteCount)")
        }
        return stored
    }
}
