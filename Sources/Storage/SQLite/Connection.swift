internal import CSQLite
import Synchronization

/// One open SQLite connection, used by one thread at a time.
///
/// Most code receives a connection from `Database.read` or `Database.write` and calls
/// `execute` and `query` on it. Statements are prepared once per distinct SQL text and kept
/// in a per-connection cache, so running the same query again costs a reset and a bind.
/// A connection is not `Sendable`: the pool hands it to one thread at a time.
public final class Connection {
    /// Whether a connection may write.
    public enum Access: Sendable {
        /// The single writer: creates the file, sets WAL mode, may checkpoint.
        case readWrite
        /// A reader: opened `SQLITE_OPEN_READONLY`, `query_only`, never checkpoints.
        case readOnly
    }

    let handle: OpaquePointer
    /// The file this connection opened.
    public let path: String
    /// Whether this connection may write.
    public let access: Access
    let counter = StatementCounter()
    var cache: [SQLKey: Statement] = [:]
    /// The statements of constant texts, by their `StatementSlot`: found without hashing.
    var slotted: [Statement?] = []
    /// `BEGIN`, `COMMIT`, savepoints: cached apart and not counted as the caller's statements.
    var controlStatements: [SQLKey: Statement] = [:]
    private(set) var isClosed = false
    /// How many savepoints are open inside the current transaction.
    var savepointDepth = 0
    /// The catalog the reads of this connection's statements are described by (see
    /// `StatementReads`; nil: not described); set by `describeReads(by:)`.
    private(set) var catalog: DataCatalog?
    let authorizerLog = AuthorizerLog()

    /// Describes what each statement reads from now on, numbered by `catalog`: installs
    /// the authorizer that listens while statements are prepared, and forgets the
    /// statements prepared before, which are not described.
    func describeReads(by catalog: DataCatalog) {
        guard self.catalog == nil else { return }
        self.catalog = catalog
        authorizerLog.install(on: handle)
        cache.removeAll()
        slotted.removeAll()
    }

    /// How many distinct SQL texts are kept prepared; past this the cache starts over.
    ///
    /// Bounded because SQL built with a variable number of placeholders could grow it forever;
    /// `SQLList` rounds list sizes so that this rarely happens.
    static let statementCacheLimit = 256

    /// Statements executed by all connections in this process, for metrics.
    static let globalStatementCount = Atomic<Int>(0)

    /// Opens (and for `.readWrite`, creates) the database file and configures the connection.
    ///
    /// Every connection gets `foreign_keys=ON` and a busy timeout. The writer switches the file
    /// to WAL with `synchronous=FULL` (a `Database` lowers its writer to `NORMAL` and syncs the
    /// log itself, see `WALFlusher`); readers are read-only, `query_only`, and never
    /// checkpoint (`wal_autocheckpoint=0`), because only one connection may checkpoint safely
    /// with this SQLite (see `Database`).
    public init(path: String, access: Access = .readWrite, busyTimeout: Duration = .seconds(5))
        throws(SQLiteError)
    {
        // NOMUTEX: the pool already keeps each connection on one thread at a time.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch access {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        _ = Self.libraryConfigured
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: code, message: "cannot open \(path)") }
        do {
            try check(code, opened)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        self.handle = opened
        self.path = path
        self.access = access
        let milliseconds = busyTimeout.components.seconds * 1000
            + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        try check(sqlite3_busy_timeout(handle, Int32(clamping: milliseconds)), handle)
        try configure()
    }

    /// Process-wide SQLite settings, applied once before the first connection opens:
    /// memory statistics off (Kitchen never reads them, and they serialize every allocation
    /// of every thread on one mutex; Benchmarks/RESULTS.md).
    private static let libraryConfigured: Bool = {
        _ = kitchen_sqlite_disable_memory_statistics()
        return true
    }()

    private func configure() throws(SQLiteError) {
        try runControl("PRAGMA foreign_keys = ON")
        try registerFullTextFunction()
        switch access {
        case .readWrite:
            // journal_mode answers with a row naming the mode it ended up in.
            let mode = try controlStatement("PRAGMA journal_mode = WAL")
            defer { mode.reset() }
            let row = try mode.step()
            let journalMode = row?.string(0) ?? ""
            guard journalMode == "wal" || path == ":memory:" else {
                throw .misuse("cannot switch \(path) to WAL (journal mode is \(journalMode))")
            }
            try runControl("PRAGMA synchronous = FULL")
        case .readOnly:
            try runControl("PRAGMA query_only = ON")
            try runControl("PRAGMA wal_autocheckpoint = 0")
        }
        // Room for a busy database's hot pages (SQLite's default is 2 MB): a page that does
        // not fit is read again, a system call each time.
        try runControl("PRAGMA cache_size = -\(Self.pageCacheKibibytes)")
    }

    /// How much memory a connection's page cache may take, in KiB.
    static let pageCacheKibibytes = 8192

    deinit {
        if !isClosed { closeHandle() }
    }

    /// Finalizes the cached statements and closes the connection; later calls throw.
    public func close() {
        guard !isClosed else { return }
        closeHandle()
        isClosed = true
    }

    private func closeHandle() {
        cache.removeAll()
        slotted.removeAll()
        controlStatements.removeAll()
        // close_v2 waits for statements a caller still holds from `prepare`.
        sqlite3_close_v2(handle)
    }

    /// The rowid of the last row inserted by this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// How many statements this connection has executed (transaction control not included).
    ///
    /// Take the difference around a request to count its SQL statements.
    public var statementCount: Int { counter.count }

    /// How many statements every connection in this process has executed so far.
    public static var totalStatementCount: Int { globalStatementCount.load(ordering: .relaxed) }
}
