import Dispatch
import Synchronization

/// The database: one writer connection and a pool of read connections over one WAL file.
///
/// All writes go through the single writer, one at a time, each in a `BEGIN IMMEDIATE`
/// transaction. That is the design (SQLite has one writer anyway) and also a guard: Debian's
/// SQLite 3.40.1 has a WAL bug triggered when two connections write or checkpoint at once, so
/// only the writer ever writes or checkpoints (readers run with `wal_autocheckpoint=0`).
/// A write returns once its commit is on disk; the writer does not wait for the disk inside
/// `COMMIT`, though: `WALFlusher` syncs the log once for every commit made meanwhile, so
/// concurrent writers share a flush (see `deferringDurability` for answering without
/// holding a thread).
/// Reads lease a connection from the pool — one per concurrently reading thread, created on
/// demand up to `Options.maxReaders` — and see one consistent snapshot for their whole body.
///
/// ```swift
/// let db = try Database.open(path: "kitchen.sqlite", migrations: Schema.migrations)
/// let names = try db.read { c in
///     try c.query("SELECT name FROM users WHERE id = ?", id) { $0.string(0) }
/// }
/// try db.write { c in try c.execute("UPDATE users SET name = ? WHERE id = ?", name, id) }
/// ```
public final class Database: Sendable {
    /// Pool sizes and timeouts.
    public struct Options: Sendable {
        /// The most read connections open at once; a reader beyond it waits for a free one.
        public var maxReaders: Int
        /// How long a connection waits for a lock before failing with `SQLITE_BUSY`.
        public var busyTimeout: Duration
        /// How often parked shared snapshots are looked at; one its thread has not taken
        /// up for a whole interval ends (`ParkedSnapshot`).
        public var idleSnapshotSweep: Duration

        /// Options for a server with a thread per core, with room to spare.
        public init(
            maxReaders: Int = 16, busyTimeout: Duration = .seconds(5),
            idleSnapshotSweep: Duration = .milliseconds(250)
        ) {
            self.maxReaders = max(1, maxReaders)
            self.busyTimeout = busyTimeout
            self.idleSnapshotSweep = idleSnapshotSweep
        }
    }

    /// The database file.
    public let path: String
    let options: Options
    /// The writer, locked for the whole of each write; `nil` once closed.
    let writer: Mutex<ConnectionBox?>
    /// The thread inside `write` right now (0 for none), to refuse a nested `write`.
    let writerThread = Atomic<UInt>(0)
    let readers = Mutex(ReaderPool())
    /// Counts changes to the data this process has noticed (see `dataGeneration`).
    let generation = Atomic<UInt64>(0)
    /// Counts changes to the watched tables, and all changes by other connections (see
    /// `watchedGeneration`).
    let watchedTablesGeneration = Atomic<UInt64>(0)
    let watchedTables = WatchedTables()
    /// What the write in progress changed (see `observeChanges`).
    let changeCollector: ChangeCollector
    let changeObservers = Mutex<[@Sendable (ChangeSet) -> Void]>([])
    let catalogBox = Mutex<DataCatalog?>(nil)
    /// Per thread, a read connection that only asks `PRAGMA data_version`, opened when
    /// that thread first asks; each is used by its own thread alone.
    let watches = Mutex<[UInt: DataWatch]>([:])
    /// The watcher every new per-thread watcher checks in with (see `checkedDataGeneration`).
    let referenceWatch = Mutex<DataWatch?>(nil)
    /// Tells the watchers when there is nothing new to ask about.
    let walIndex: WALIndexReader
    /// The WAL-index header as this process's newest commit left it: a watcher that reads
    /// it knows the last change is one the generation already counts.
    let ownCommitHeader = Mutex<WALIndexHeader?>(nil)
    /// How many times a per-thread watcher asked `PRAGMA data_version`, for tests.
    let watcherQuestions = Atomic<Int>(0)
    /// Counts free reader slots, so that a full pool makes a reader wait instead of fail.
    let readerSlots: DispatchSemaphore
    /// Makes the writer's commits durable, many per flush.
    let flusher: WALFlusher
    /// The newest commit of each thread inside `deferringDurability` (0: none yet).
    let deferredCommits = Mutex<[UInt: UInt64]>([:])
    /// Ends parked shared snapshots their threads leave idle (`ParkedSnapshot`).
    let parkedSnapshotSweeper = Mutex<RepeatingTimer?>(nil)
    /// How many read transactions shared snapshots have begun.
    let snapshotsBegun = Atomic<Int>(0)

    /// Opens the writer (creating the file in WAL mode); readers open when first needed.
    public convenience init(path: String, options: Options = Options()) throws {
        try self.init(path: path, options: options, flusher: WALFlusher(databasePath: path))
    }

    /// Opens the writer with the given flusher (tests pass one whose flushes they hold).
    init(path: String, options: Options, flusher: WALFlusher) throws {
        guard path != ":memory:", !path.isEmpty else {
            throw SQLiteError.misuse("a pooled database needs a file; \"\(path)\" is private")
        }
        self.path = path
        self.options = options
        let connection = try Connection(
            path: path, access: .readWrite, busyTimeout: options.busyTimeout)
        // The flusher syncs the log for the commits; COMMIT itself need not wait.
        try connection.runControl("PRAGMA synchronous = NORMAL")
        self.flusher = flusher
        self.writer = Mutex<ConnectionBox?>(ConnectionBox(connection))
        self.walIndex = WALIndexReader(databasePath: path)
        self.readerSlots = DispatchSemaphore(value: options.maxReaders)
        changeCollector = ChangeCollector(watched: watchedTables)
        changeCollector.install(on: connection)
        watchedTables.writer = ObjectIdentifier(connection)
        watchedTables.writerDataVersion = connection.fileDataVersion
        startSweepingParkedSnapshots()
    }

    /// A database dropped without `close()` still closes its parked readers, and gives
    /// back their slots: Dispatch stops a process that frees a semaphore below its start.
    deinit {
        closeParkedReaders()
    }

    /// Opens the database and brings its schema up to date with `migrations`.
    ///
    /// Refuses a database whose schema is newer than the newest migration (`MigrationError`).
    public static func open(
        path: String, migrations: [Migration], options: Options = Options()
    ) throws -> Database {
        try open(
            path: path, migrations: migrations, options: options,
            flusher: WALFlusher(databasePath: path))
    }

    /// Opens the database with the given flusher; see `open(path:migrations:options:)`.
    static func open(
        path: String, migrations: [Migration], options: Options = Options(), flusher: WALFlusher
    ) throws -> Database {
        let database = try Database(path: path, options: options, flusher: flusher)
        do {
            _ = try database.withWriter { try Migrator(migrations).migrate($0) }
            try database.loadCatalog()
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// Runs `body` on the writer inside `BEGIN IMMEDIATE`: commits when it returns, rolls
    /// back when it throws.
    ///
    /// Returns once the commit is on disk, unless called inside `deferringDurability`.
    /// Writes are serialized: a second caller waits until the first commits. A `write` called
    /// from inside another on the same thread throws (it would wait for itself forever); nest
    /// `connection.transaction` on the connection you were given for a savepoint instead.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try withWriter { try $0.transaction(.immediate, body) }
    }

    /// Runs `body` on a pooled read connection, inside one read transaction, so all its
    /// statements see the same snapshot even while writes commit.
    ///
    /// The connection is read-only: a write through it fails with `SQLITE_READONLY`. A `read`
    /// nested inside another on the same thread reuses the outer connection and snapshot, so
    /// nesting never waits for the pool. A `read` inside a `write` sees the state before that
    /// write commits. Inside `withSharedSnapshot`, reads share that snapshot's transaction.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let thread = currentThreadID()
        let (outer, sharing) = readers.withLock { ($0.leased[thread], $0.sharing.contains(thread)) }
        if outer != nil || sharing {
            // Nested, or inside a shared snapshot: the same connection and snapshot (a
            // read-only transaction has nothing a savepoint could undo).
            let box = try outer ?? openSharedSnapshot(for: thread)
            box.readsRunning += 1
            defer {
                box.readsRunning -= 1
                if box.staleSnapshot && box.readsRunning == 0 { refreshSharedSnapshot(for: thread) }
            }
            return try body(box.connection)
        }
        takeReaderSlot()
        defer { readerSlots.signal() }
        let box = try leaseReader(for: thread)
        defer { returnReader(box, from: thread) }
        return try box.connection.readTransaction(body)
    }

    /// Checks that the database answers a query, for `/healthz`; throws the failure.
    public func healthCheck() throws {
        let answer = try read { try $0.queryFirst("SELECT 1") { $0.int(0) } }
        guard answer == 1 else { throw SQLiteError.misuse("health check read \(answer ?? 0)") }
    }

    /// Copies the write-ahead log into the database file and truncates the log.
    ///
    /// The writer also checkpoints automatically as the log grows; call this after bulk
    /// loads. Only the writer checkpoints (see the type's documentation).
    public func checkpoint() throws {
        // A parked snapshot's read mark would keep the log from being truncated.
        releaseParkedSnapshots()
        try withWriter { try $0.runControl("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Closes every connection: idle and parked readers now, leased readers when they come back, and
    /// the writer last, after a final checkpoint. Later calls throw.
    public func close() {
        parkedSnapshotSweeper.withLock { sweeper in
            sweeper?.stop()
            sweeper = nil
        }
        let idle = readers.withLock { pool in
            pool.isClosed = true
            defer { pool.idle.removeAll() }
            return pool.idle
        }
        for box in idle { box.connection.close() }
        closeParkedReaders()
        let watching = watches.withLock { watches in
            defer { watches.removeAll() }
            return Array(watches.values)
        }
        for watch in watching { watch.connection.close() }
        referenceWatch.withLock { watch in
            watch?.connection.close()
            watch = nil
        }
        let checkpointed: Bool = writer.withLock { box in
            guard let connection = box?.connection else { return false }
            defer { box = nil }
            let checkpointed = (try? connection.runControl("PRAGMA wal_checkpoint(TRUNCATE)")) != nil
            connection.close()
            return checkpointed
        }
        flusher.close(checkpointed: checkpointed)
    }
}
