internal import CSQLite

/// A prepared SQL statement: bind parameters, step through rows, reset, run again.
///
/// A statement belongs to the connection that prepared it and, like it, to one thread at a
/// time; it is deliberately not `Sendable`. Most code never sees one: `Connection.execute` and
/// `Connection.query` use the connection's cache. Take one from `Connection.prepare` to run the
/// same SQL many times in a loop (bulk inserts).
public final class Statement {
    let handle: OpaquePointer
    /// The SQL text, as prepared (a multi-statement string keeps only its first statement).
    public let sql: String
    private let counter: StatementCounter?
    /// Whether the statement has stepped since its last reset: the first step counts it.
    private var isRunning = false
    /// Whether a cached statement is lent out right now; a re-entrant use must prepare another.
    var isLent = false
    /// How many rows the last `Connection.rows` over this statement collected: the next
    /// one makes room for as many up front (up to `Connection.rowsReservedAtMost`),
    /// instead of growing its array row by row.
    @usableFromInline var lastRowCount = 0
    /// What the statement reads (nil on a connection without a catalog).
    var reads: StatementReads?
    /// The rows of one table this run reads, when the code running it named them by a key.
    @usableFromInline var rowsNamed: RowsNamed?

    init(handle: OpaquePointer, sql: String, counter: StatementCounter?) {
        self.handle = handle
        self.sql = sql
        self.counter = counter
    }

    deinit { sqlite3_finalize(handle) }

    /// The number of `?` parameters (the highest `?NNN` index).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds a value to a 1-based parameter index, as SQLite numbers them.
    public func bind(_ value: some SQLBindable, at index: Int) throws(SQLiteError) {
        try bindValue(value.sqlValue, at: Int32(index))
    }

    /// Binds a value to a named parameter; the name includes its prefix (`:id`, `@id`, `$id`).
    public func bind(_ value: some SQLBindable, named name: String) throws(SQLiteError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else { throw .misuse("no parameter named \(name)", sql: sql) }
        try bindValue(value.sqlValue, at: index)
    }

    /// Binds values to parameters 1, 2, 3, … in order; the count must match exactly.
    ///
    /// A count mismatch is an error rather than a silent `NULL`, because it is always a bug.
    public func bind(_ arguments: [any SQLBindable]) throws(SQLiteError) {
        try bind(.bindables(arguments))
    }

    /// Binds `SQLValue`s to parameters 1, 2, 3, … in order; the count must match exactly.
    public func bind(values: [SQLValue]) throws(SQLiteError) {
        try bind(.values(values))
    }

    /// Arguments as the caller had them, bound without copying into another array.
    @usableFromInline
    enum Arguments {
        case bindables([any SQLBindable])
        case values([SQLValue])
    }

    @usableFromInline
    func bind(_ arguments: Arguments) throws(SQLiteError) {
        let count: Int
        switch arguments {
        case .bindables(let bindables): count = bindables.count
        case .values(let values): count = values.count
        }
        guard count == parameterCount else {
            throw .misuse(
                "statement has \(parameterCount) parameters but \(count) were given", sql: sql)
        }
        switch arguments {
        case .bindables(let bindables):
            for (offset, argument) in bindables.enumerated() {
                try bindValue(argument.sqlValue, at: Int32(offset + 1))
            }
        case .values(let values):
            for (offset, value) in values.enumerated() {
                try bindValue(value, at: Int32(offset + 1))
            }
        }
    }

    /// Steps to the next row: the row while there is one, then `nil` when the statement is done.
    public func step() throws(SQLiteError) -> Row? {
        if !isRunning {
            isRunning = true
            if let counter {
                counter.countOne()
                ReadRecording.current?.note(self)
            }
        }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return Row(handle: handle) }
        try check(code, sqlite3_db_handle(handle), sql: sql)
        return nil
    }

    /// The virtual machine steps its runs have taken since it was prepared: how much work
    /// it did, whatever the clock says (for tests of what a statement reads).
    var virtualMachineSteps: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 0)) }

    /// Resets the statement to run again, and clears its bindings.
    ///
    /// Bindings are cleared so that a value bound for one request can never leak into the next.
    public func reset() {
        // sqlite3_reset repeats the last step's error, which step already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        isRunning = false
        rowsNamed = nil
    }

    private func bindValue(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(var text):
            code = text.withUTF8 { bytes in
                // An empty buffer may have no address, and a NULL pointer would bind NULL.
                guard let base = bytes.baseAddress else {
                    return sqlite3_bind_text(handle, index, "", 0, kitchen_sqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(
                        handle, index, $0, Int32(bytes.count), kitchen_sqlite_transient())
                }
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob(
                    handle, index, base, Int32(raw.count), kitchen_sqlite_transient())
            }
        }
        try check(code, sqlite3_db_handle(handle), sql: sql)
    }
}

/// Counts the statements one connection executes; shared by its statements, no cycle.
final class StatementCounter {
    private(set) var count = 0

    func countOne() {
        count += 1
        Connection.globalStatementCount.add(1, ordering: .relaxed)
        ThreadStatementCount.increment()
    }
}
