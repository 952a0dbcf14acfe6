internal import CSQLite

extension Connection {
    // The entry points are @inlinable so that the row-mapping loop is specialized for the
    // caller's row type; they lend a cached statement through non-generic calls.

    /// Runs one statement that returns no rows: `INSERT`, `UPDATE`, `DELETE`, DDL.
    ///
    /// `c.execute("UPDATE users SET name = ? WHERE id = ?", name, id)`. Afterwards
    /// `changes` and `lastInsertRowID` describe what it did.
    @inlinable
    public func execute(_ sql: String, _ arguments: any SQLBindable...) throws {
        try run(sql, .bindables(arguments))
    }

    /// Runs one statement that returns no rows, with its arguments as an array.
    @inlinable
    public func execute(_ sql: String, arguments: [any SQLBindable]) throws {
        try run(sql, .bindables(arguments))
    }

    /// Runs one statement that returns no rows, with its arguments as values.
    @inlinable
    public func execute(_ sql: String, arguments: [SQLValue]) throws {
        try run(sql, .values(arguments))
    }

    /// Runs a query and maps every row; the result is in the order SQLite returns rows.
    ///
    /// `try c.query("SELECT id, name FROM users WHERE id = ?", id) { row in
    /// User(id: row.int(0), name: row.string(1)) }`
    @inlinable
    public func query<T>(
        _ sql: String, _ arguments: any SQLBindable..., row transform: (Row) throws -> T
    ) throws -> [T] {
        try rows(sql, .bindables(arguments), transform)
    }

    /// Runs a query with its arguments as an array and maps every row.
    @inlinable
    public func query<T>(
        _ sql: String, arguments: [any SQLBindable], row transform: (Row) throws -> T
    ) throws -> [T] {
        try rows(sql, .bindables(arguments), transform)
    }

    /// Runs a query with its arguments as values (a `SQLList`'s, say) and maps every row.
    ///
    /// Values bind without boxing each one. Mix a list with other arguments by value:
    /// `arguments: [.integer(userID)] + ids.arguments` or `[userID.sqlValue] + ids.arguments`.
    @inlinable
    public func query<T>(
        _ sql: String, arguments: [SQLValue], row transform: (Row) throws -> T
    ) throws -> [T] {
        try rows(sql, .values(arguments), transform)
    }

    /// Runs a query and maps its first row, or returns `nil` when there is none.
    @inlinable
    public func queryFirst<T>(
        _ sql: String, _ arguments: any SQLBindable..., row transform: (Row) throws -> T
    ) throws -> T? {
        try firstRow(sql, .bindables(arguments), transform)
    }

    /// Runs a query with its arguments as an array and maps its first row, if any.
    @inlinable
    public func queryFirst<T>(
        _ sql: String, arguments: [any SQLBindable], row transform: (Row) throws -> T
    ) throws -> T? {
        try firstRow(sql, .bindables(arguments), transform)
    }

    /// Runs a query with its arguments as values and maps its first row, if any.
    @inlinable
    public func queryFirst<T>(
        _ sql: String, arguments: [SQLValue], row transform: (Row) throws -> T
    ) throws -> T? {
        try firstRow(sql, .values(arguments), transform)
    }

    /// Runs a query and hands each row to `body` without collecting an array.
    @inlinable
    public func forEachRow(
        _ sql: String, arguments: [any SQLBindable] = [], _ body: (Row) throws -> Void
    ) throws {
        let statement = try lendStatement(sql, .bindables(arguments))
        defer { returnStatement(statement) }
        while let row = try statement.step() { try body(row) }
    }

    @inlinable
    func run(_ sql: String, _ arguments: Statement.Arguments) throws {
        let statement = try lendStatement(sql, arguments)
        defer { returnStatement(statement) }
        while try statement.step() != nil {}
    }

    /// The most rows `rows` makes room for before the first one: a statement that once
    /// returned a long list does not reserve it for every later call.
    @usableFromInline static var rowsReservedAtMost: Int { 1024 }

    @inlinable
    func rows<T>(
        _ sql: String, _ arguments: Statement.Arguments, named: RowsNamed? = nil, slot: StatementSlot? = nil,
        _ transform: (Row) throws -> T
    ) throws -> [T] {
        let statement = try lendStatement(sql, arguments, slot: slot)
        defer { returnStatement(statement) }
        statement.rowsNamed = named
        var results: [T] = []
        results.reserveCapacity(min(statement.lastRowCount, Self.rowsReservedAtMost))
        while let row = try statement.step() { results.append(try transform(row)) }
        statement.lastRowCount = results.count
        return results
    }

    @inlinable
    func firstRow<T>(
        _ sql: String, _ arguments: Statement.Arguments, _ transform: (Row) throws -> T
    ) throws -> T? {
        let statement = try lendStatement(sql, arguments)
        defer { returnStatement(statement) }
        return try statement.step().map(transform)
    }

    /// Runs several `;`-separated statements without arguments, in order (schema scripts).
    public func executeScript(_ sql: String) throws {
        try checkOpen()
        var remaining = Substring(sql)
        while let prepared = try prepareFirst(remaining) {
            let statement = prepared.statement
            defer { statement.reset() }
            while try statement.step() != nil {}
            remaining = prepared.tail
        }
    }

    /// Prepares a statement the caller owns, outside the cache (for loops of binds and steps).
    ///
    /// The SQL must hold exactly one statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try checkOpen()
        return try prepareSingle(sql, counted: true)
    }

    /// Lends the cached statement for `sql`, with `arguments` bound; give it back with
    /// `returnStatement`. With a `slot` (the text is a constant of the program's), the
    /// statement is kept in that slot rather than found by its text.
    ///
    /// A statement already lent (a query run from inside another's row closure) is not
    /// shared: the nested use gets a fresh one, so iterations never trample each other.
    @usableFromInline
    func lendStatement(_ sql: String, _ arguments: Statement.Arguments, slot: StatementSlot? = nil) throws -> Statement {
        let statement = try slot.map { slot throws(SQLiteError) in try slottedStatement(sql, slot) } ?? cachedStatement(sql)
        statement.isLent = true
        do {
            try statement.bind(arguments)
        } catch {
            returnStatement(statement)
            throw error
        }
        return statement
    }

    /// Resets a lent statement so the cache can lend it again.
    @usableFromInline
    func returnStatement(_ statement: Statement) {
        statement.reset()
        statement.isLent = false
    }

    private func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        try checkOpen()
        let statement: Statement
        let key = SQLKey(sql)
        if let cached = cache[key] {
            statement = cached.isLent ? try prepareSingle(sql, counted: true) : cached
        } else {
            statement = try prepareSingle(sql, counted: true)
            if cache.count >= Self.statementCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = statement
        }
        return statement
    }

    /// The statement kept in `slot`, whose text is always `sql`.
    private func slottedStatement(_ sql: String, _ slot: StatementSlot) throws(SQLiteError) -> Statement {
        try checkOpen()
        if slot.index < slotted.count, let cached = slotted[slot.index] {
            return cached.isLent ? try prepareSingle(sql, counted: true) : cached
        }
        let statement = try prepareSingle(sql, counted: true)
        if slot.index >= slotted.count {
            slotted.append(contentsOf: repeatElement(nil, count: slot.index + 1 - slotted.count))
        }
        slotted[slot.index] = statement
        return statement
    }

    /// The cached statement for a transaction-control or pragma SQL text; not counted.
    func controlStatement(_ sql: String) throws(SQLiteError) -> Statement {
        let key = SQLKey(sql)
        if let cached = controlStatements[key] { return cached }
        let statement = try prepareSingle(sql, counted: false)
        controlStatements[key] = statement
        return statement
    }

    /// Runs a transaction-control or pragma statement to completion.
    func runControl(_ sql: String) throws(SQLiteError) {
        try checkOpen()
        let statement = try controlStatement(sql)
        defer { statement.reset() }
        while try statement.step() != nil {}
    }

    func checkOpen() throws(SQLiteError) {
        if isClosed { throw .misuse("connection to \(path) is closed") }
    }

    private func prepareSingle(_ sql: String, counted: Bool) throws(SQLiteError) -> Statement {
        guard let prepared = try prepareFirst(Substring(sql), counted: counted) else {
            throw .misuse("no SQL statement to prepare", sql: sql)
        }
        guard prepared.tail.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            throw .misuse("more than one statement; use executeScript", sql: sql)
        }
        return prepared.statement
    }

    /// Prepares the first statement of `sql`; `nil` when only whitespace or comments remain.
    private func prepareFirst(_ sql: Substring, counted: Bool = true) throws(SQLiteError)
        -> (statement: Statement, tail: Substring)?
    {
        var utf8 = Array(sql.utf8)
        utf8.append(0)
        var prepared: OpaquePointer?
        var consumed = 0
        let describing = counted && catalog != nil
        if describing {
            authorizerLog.reported.removeAll(keepingCapacity: true)
            authorizerLog.isOn = true
        }
        defer { authorizerLog.isOn = false }
        let code = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v3(
                    handle, chars.baseAddress, Int32(chars.count),
                    UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
                if let tail, let base = chars.baseAddress { consumed = tail - base }
                return code
            }
        }
        try check(code, handle, sql: String(sql).trimmingSpaces)
        let text = String(decoding: utf8[..<consumed], as: UTF8.self)
        let rest = Substring(String(decoding: utf8[consumed..<(utf8.count - 1)], as: UTF8.self))
        guard let prepared else { return nil }
        let counter: StatementCounter? = counted ? self.counter : nil
        let statement = Statement(handle: prepared, sql: text.trimmingSpaces, counter: counter)
        if describing, let catalog {
            statement.reads = StatementReads(reported: authorizerLog.reported, catalog: catalog)
        }
        return (statement, rest)
    }
}

extension String {
    /// The text without leading and trailing whitespace, for SQL shown in errors.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
