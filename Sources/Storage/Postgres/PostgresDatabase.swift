import Dispatch
import Foundation
import Synchronization

/// A PostgreSQL database behind a bounded pool of libpq connections: the store for more
/// than one machine (`--db postgres://…`).
///
/// Writes run in `READ COMMITTED` transactions on any pooled connection, at once, however
/// many threads write: PostgreSQL has no single writer, so the repositories take row
/// locks (`SELECT … FOR UPDATE`) where a change reads what it then writes. Each commit is
/// durable when `COMMIT` returns (`synchronous_commit = on`). Reads see one snapshot per
/// `read`, or per request inside `withSharedSnapshot` (`REPEATABLE READ READ ONLY`).
///
/// A thread holds at most one pooled connection: inside a shared snapshot, a write ends
/// the snapshot and runs on the same connection, so a full pool can never deadlock on
/// threads that each hold one and wait for a second.
public final class PostgresDatabase: Sendable {
    /// The connection string, password and all (never logged: see `location`).
    let url: String
    let poolSize: Int
    let pool: Mutex<PostgresPool>
    /// Counts free connection slots, so that a full pool makes a caller wait instead of fail.
    let slots: DispatchSemaphore
    /// Moves after every commit of this process (see `checkedDataGeneration`).
    let generation = Atomic<UInt64>(0)
    /// Commits made by this process, for `/metrics`.
    let commits = Atomic<UInt64>(0)
    /// Who hears of commits (`observeChanges`).
    let changeObservers = Mutex<[@Sendable (ChangeSet) -> Void]>([])
    /// The folder uploaded pictures are kept in: one that every instance shares.
    public let mediaFolderPath: String

    /// Connects (one connection, to fail early on a bad string) and brings the schema up to
    /// date with `PostgresSchema.migrations`, holding an advisory lock so that instances
    /// starting at once migrate one after the other.
    public static func open(
        url: String, poolSize: Int = StoreLocation.defaultPoolSize, mediaFolder: String = "kitchen.media"
    ) throws -> PostgresDatabase {
        let database = try PostgresDatabase(url: url, poolSize: poolSize, mediaFolder: mediaFolder)
        do {
            try database.withConnection { try PostgresMigrator.migrate($0) }
        } catch {
            database.close()
            throw error
        }
        return database
    }

    init(url: String, poolSize: Int, mediaFolder: String) throws {
        self.url = url
        mediaFolderPath = mediaFolder
        self.poolSize = max(1, poolSize)
        pool = Mutex(PostgresPool())
        slots = DispatchSemaphore(value: self.poolSize)
        let first = try PostgresConnection(url: url)
        pool.withLock { $0.idle.append(PostgresBox(first)) }
        pool.withLock { $0.openCount = 1 }
    }

    /// Runs `body` in a write transaction: commits when it returns, rolls back when it
    /// throws. A write inside a write on the same thread throws (nest `transaction` on the
    /// connection given instead). A transaction that loses a serialization race or a
    /// deadlock is run again, up to three times.
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let thread = currentThreadID()
        let state = pool.withLock { ($0.writing.contains(thread), $0.leased[thread]) }
        guard !state.0 else {
            throw PostgresError.misuse("write called inside write on one thread; use the connection already given")
        }
        let box: PostgresBox
        let ownsLease: Bool
        if let held = state.1, held.readsRunning == 0 {
            // The thread's shared snapshot ends here; the write takes its connection.
            if held.connection.isInTransaction { try? held.connection.runControl("COMMIT") }
            box = held
            ownsLease = false
        } else {
            box = try lease(for: nil)
            ownsLease = true
        }
        pool.withLock { _ = $0.writing.insert(thread) }
        defer {
            pool.withLock { _ = $0.writing.remove(thread) }
            if ownsLease { giveBack(box) }
        }
        var attempt = 0
        while true {
            do {
                let value = try box.connection.transaction("BEGIN ISOLATION LEVEL READ COMMITTED") {
                    try body(box.connection)
                }
                // After the commit, never before: a reading taken before a read starts is
                // never newer than the data that read sees.
                generation.add(1, ordering: .releasing)
                commits.add(1, ordering: .relaxed)
                announceEverything()
                return value
            } catch let error as PostgresError where error.isRetryable && attempt < 3 {
                attempt += 1
            } catch {
                // A rolled-back write may still have changed what caches hold (a
                // savepoint's work), so the generation moves either way.
                generation.add(1, ordering: .releasing)
                announceEverything()
                if !box.connection.isHealthy { box.broken = true }
                throw error
            }
        }
    }

    /// Runs `body` on a pooled connection inside one read-only snapshot; nested reads, and
    /// reads inside `withSharedSnapshot`, share the thread's snapshot.
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let thread = currentThreadID()
        let (held, sharing) = pool.withLock { ($0.leased[thread], $0.sharing.contains(thread)) }
        if held != nil || sharing {
            let box = try held ?? lease(for: thread)
            if !box.connection.isInTransaction {
                try box.connection.runControl("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            }
            box.readsRunning += 1
            defer { box.readsRunning -= 1 }
            return try body(box.connection)
        }
        if pool.withLock({ $0.writing.contains(thread) }) {
            throw PostgresError.misuse("read called inside write on one thread; use the write's connection")
        }
        let box = try lease(for: thread)
        defer { giveBack(box, from: thread) }
        box.readsRunning += 1
        defer { box.readsRunning -= 1 }
        return try box.connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            try body(box.connection)
        }
    }

    /// Runs `body` on a pooled connection outside any transaction (migrations, tools).
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let box = try lease(for: nil)
        defer { giveBack(box) }
        do {
            return try body(box.connection)
        } catch {
            if !box.connection.isHealthy { box.broken = true }
            throw error
        }
    }

    /// Closes every idle connection now and every leased one when it comes back.
    public func close() {
        let idle = pool.withLock { pool in
            pool.isClosed = true
            defer { pool.idle.removeAll() }
            return pool.idle
        }
        for box in idle { box.connection.close() }
    }
}

/// Idle connections, the ones leased by thread, and which threads are writing.
struct PostgresPool {
    var idle: [PostgresBox] = []
    var leased: [UInt: PostgresBox] = [:]
    var openCount = 0
    var isClosed = false
    var sharing: Set<UInt> = []
    var writing: Set<UInt> = []
}

/// Carries a connection between threads; the pool lets one thread use it at a time.
final class PostgresBox: @unchecked Sendable {
    let connection: PostgresConnection
    /// How many `read` bodies of the leasing thread run on it now.
    var readsRunning = 0
    /// The connection failed in a way that leaves it unusable: closed instead of pooled.
    var broken = false
    init(_ connection: PostgresConnection) { self.connection = connection }
}
