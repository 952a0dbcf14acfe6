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

    /// Listens for `kitchen_events` notifications and reads the new events (`PostgresEventFeed`).
    public func startEventFeed(
        interval: Duration, deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws -> any EventFeed {
        try PostgresEventFeed(database: self, interval: interval, deliver: deliver)
    }

    /// Moves with every commit of this process.
    ///
    /// One instance on the database: exact. Several instances: another instance's commit
    /// must move it too; that is the notification listener's to do (`noteOtherCommit`),
    /// fed by the same `NOTIFY` that wakes the event feed.
    public func checkedDataGeneration() throws -> UInt64 {
        guard !pool.withLock({ $0.isClosed }) else { throw PostgresError.misuse("the database is closed") }
        return generation.load(ordering: .acquiring)
    }

    /// Moves with the data generation: every commit may have touched a watched table.
    ///
    /// Coarser than SQLite's per-table watch (which its update hook makes cheap); the
    /// change sets a commit reports will narrow it to the tables it changed.
    public var watchedGeneration: UInt64 { generation.load(ordering: .acquiring) }

    /// The generation as this process counts it (`checkedDataGeneration` without the check).
    public var noticedDataGeneration: UInt64 { generation.load(ordering: .acquiring) }

    /// Runs `body`; its reads are not recorded yet, so the set is unbounded: any commit
    /// drops what depends on it. (Recording reads per statement, and change sets from
    /// triggers, are what narrows this on PostgreSQL; see `ChangeSet`.)
    public func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, ReadSet) {
        var reads = ReadSet()
        reads.isUnbounded = true
        return (try body(), reads)
    }

    /// No catalog yet: change sets and read sets are not numbered on PostgreSQL.
    public var catalog: DataCatalog? { nil }

    /// Tells `observer` of every commit, this process's and (through the event feed) other
    /// instances', as `ChangeSet.everything`.
    public func observeChanges(_ observer: @escaping @Sendable (ChangeSet) -> Void) {
        changeObservers.withLock { $0.append(observer) }
    }

    /// Tells the observers that anything may have changed.
    func announceEverything() {
        for observer in changeObservers.withLock({ $0 }) { observer(.everything) }
    }

    /// Every table is watched already (see `watchedGeneration`).
    public func watchChanges(to table: String) {}

    /// Counts a commit made elsewhere (another instance), so caches keyed by the generation
    /// drop what they hold.
    func noteOtherCommit() {
        generation.add(1, ordering: .releasing)
        announceEverything()
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
