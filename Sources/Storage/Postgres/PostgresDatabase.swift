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
    /// Moves when a commit (this instance's or another's) changed a watched table.
    let watchedTablesGeneration = Atomic<UInt64>(0)
    /// The tables `watchChanges(to:)` named.
    let watchedTables = Mutex<Set<String>>([])
    /// The event feed lost its connection and hears no other instance's commits until it
    /// is back: the caches must not be used meanwhile (`checkedDataGeneration` throws).
    let listenerLost = Atomic<Bool>(false)
    /// Names this process among the instances on the database, in its notifications.
    let instanceID = UUID().uuidString
    /// The notification channel of the schema (`PostgresChangeCapture`).
    let channel: String
    /// The schema as the caches number it, read after migrating (`open`).
    let catalogBox = Mutex<PostgresCatalog?>(nil)
    /// What each statement text reads (`statementReads`).
    let describedStatements = Mutex<[String: PostgresStatementReads]>([:])
    /// The folder uploaded pictures are kept in: one that every instance shares.
    public let mediaFolderPath: String
    /// How long a statement's round trip may wait for the server before its connection is
    /// given up and the caller told the database does not answer (nil: no bound).
    let roundTripLimit: Duration?

    /// `roundTripLimit` unless told otherwise (`--db-timeout`): long enough for any
    /// statement a request makes, short enough that a dead path to the server is a prompt
    /// 503 rather than a hung request.
    public static let defaultRoundTripLimit: Duration = .seconds(10)

    /// Connects (one connection, to fail early on a bad string) and brings the schema up to
    /// date with `PostgresSchema.migrations`, holding an advisory lock so that instances
    /// starting at once migrate one after the other. The migrations run without
    /// `roundTripLimit` (an index built over much data may take long); every later
    /// statement within it.
    public static func open(
        url: String, poolSize: Int = StoreLocation.defaultPoolSize, mediaFolder: String = "kitchen.media",
        roundTripLimit: Duration? = defaultRoundTripLimit
    ) throws -> PostgresDatabase {
        let database = try PostgresDatabase(
            url: url, poolSize: poolSize, mediaFolder: mediaFolder, roundTripLimit: roundTripLimit)
        do {
            try database.withConnection { c in
                c.roundTripLimit = nil
                defer { c.roundTripLimit = roundTripLimit }
                try PostgresMigrator.migrate(c)
                let catalog = try PostgresCatalog.read(c)
                database.catalogBox.withLock { $0 = catalog }
            }
        } catch {
            database.close()
            throw error
        }
        return database
    }

    init(url: String, poolSize: Int, mediaFolder: String, roundTripLimit: Duration?) throws {
        self.url = url
        mediaFolderPath = mediaFolder
        self.roundTripLimit = roundTripLimit
        self.poolSize = max(1, poolSize)
        pool = Mutex(PostgresPool())
        slots = DispatchSemaphore(value: self.poolSize)
        let first = try PostgresConnection(url: url, roundTripLimit: roundTripLimit)
        channel = try PostgresChangeCapture.channel(first)
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
        if !box.hasNotesTable {
            try box.connection.runControl(PostgresChangeCapture.notesTable)
            box.hasNotesTable = true
        }
        var attempt = 0
        while true {
            var changes: NamedChanges?
            do {
                let value = try box.connection.transaction("BEGIN ISOLATION LEVEL READ COMMITTED") {
                    let value = try body(box.connection)
                    changes = try PostgresChangeCapture.publish(box.connection, channel: channel, instance: instanceID)
                    return value
                }
                commits.add(1, ordering: .relaxed)
                apply(changes ?? NamedChanges())
                return value
            } catch let error as PostgresError where error.isRetryable && attempt < 3 {
                attempt += 1
            } catch {
                // A transaction rolled back changed nothing; one whose COMMIT failed may
                // have committed, unknown to whom.
                if changes != nil { apply(.everything) }
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
    /// The session has its change notes table (`PostgresChangeCapture.notesTable`).
    var hasNotesTable = false
    init(_ connection: PostgresConnection) { self.connection = connection }
}
