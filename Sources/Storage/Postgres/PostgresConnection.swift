internal import CPostgres
import Synchronization

/// One libpq connection, used by one thread at a time (the pool hands it out).
///
/// Every statement is prepared once per connection under a name of its own and run with
/// `PQsendQueryPrepared`, its values bound as parameters, never spliced into the text, and
/// waited for no longer than `roundTripLimit` (`PostgresConnection+RoundTrip`). Results
/// come in libpq's text format and are read by `PostgresRow`.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Prepared statement names by SQL text.
    private var prepared: [SQLKey: String] = [:]
    /// How many distinct texts are kept prepared; past this they are deallocated and the
    /// cache starts over (texts built per list length could grow it forever).
    static let preparedLimit = 512
    private var isClosed = false
    /// How many transactions (the outer one and savepoints) are open.
    private(set) var transactionDepth = 0
    /// The rows the last `execute` changed.
    public private(set) var changes = 0

    /// How long one round trip (a statement sent, its results read) may wait for the
    /// server before the connection counts as lost (`PostgresError.noAnswer`); nil waits
    /// as long as libpq's own socket options let it.
    var roundTripLimit: Duration?
    /// A round trip outlived `roundTripLimit`: the server's answer may still come, so the
    /// session cannot be trusted with another statement and is given up.
    private(set) var isAbandoned = false

    /// Connects with a libpq connection string or URI, under `PostgresConnection.socketDefaults`
    /// for whatever the string does not set; throws what libpq says on failure.
    init(url: String, roundTripLimit: Duration? = nil) throws(PostgresError) {
        guard let connection = Self.connect(url, roundTripLimit: roundTripLimit) else {
            throw .misuse("libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingSpaces
            PQfinish(connection)
            throw PostgresError(sqlState: PostgresError.cannotConnect, "cannot connect: \(message)")
        }
        handle = connection
        self.roundTripLimit = roundTripLimit
        // Quiet NOTICEs (CREATE … IF NOT EXISTS says one) instead of printing them on stderr.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try runControl("SET synchronous_commit = on")
        try runControl("SET client_min_messages = warning")
    }

    deinit { close() }

    /// Closes the connection; later calls throw.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        PQfinish(handle)
    }

    /// Whether the connection is still usable (a server restart breaks it, and so does a
    /// round trip that got no answer in time).
    var isHealthy: Bool { !isClosed && !isAbandoned && PQstatus(handle) == CONNECTION_OK }

    /// Whether a transaction is open.
    var isInTransaction: Bool { PQtransactionStatus(handle) != PQTRANS_IDLE }

    // MARK: Statements

    /// Runs a statement that returns no rows; afterwards `changes` says how many it changed.
    public func execute(_ sql: String, _ arguments: any PostgresBindable...) throws {
        try execute(sql, arguments: arguments.map(\.postgresValue))
    }

    /// Runs a statement that returns no rows, with its arguments as values.
    public func execute(_ sql: String, arguments: [PostgresValue]) throws {
        try withResult(sql, arguments) { result in
            let tuples = PQcmdTuples(result).map { String(cString: $0) } ?? ""
            changes = Int(tuples) ?? 0
        }
    }

    /// Runs a query and maps every row.
    public func query<T>(
        _ sql: String, _ arguments: any PostgresBindable..., row transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try query(sql, arguments: arguments.map(\.postgresValue), row: transform)
    }

    /// Runs a query with its arguments as values and maps every row.
    public func query<T>(
        _ sql: String, arguments: [PostgresValue], row transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try withResult(sql, arguments) { result in
            let count = PQntuples(result)
            var rows: [T] = []
            rows.reserveCapacity(Int(count))
            for index in 0..<count { rows.append(try transform(PostgresRow(result: result, index: index))) }
            return rows
        }
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    public func queryFirst<T>(
        _ sql: String, _ arguments: any PostgresBindable..., row transform: (PostgresRow) throws -> T
    ) throws -> T? {
        try queryFirst(sql, arguments: arguments.map(\.postgresValue), row: transform)
    }

    /// Runs a query with its arguments as values and maps its first row, if any.
    public func queryFirst<T>(
        _ sql: String, arguments: [PostgresValue], row transform: (PostgresRow) throws -> T
    ) throws -> T? {
        try withResult(sql, arguments) { result in
            PQntuples(result) > 0 ? try transform(PostgresRow(result: result, index: 0)) : nil
        }
    }

    /// Whether the query returns a row.
    func exists(_ sql: String, _ arguments: any PostgresBindable...) throws -> Bool {
        try queryFirst(sql, arguments: arguments.map(\.postgresValue)) { _ in true } ?? false
    }

    /// Runs several `;`-separated statements without parameters (schema scripts).
    func executeScript(_ sql: String) throws(PostgresError) {
        let result = try roundTrip { PQsendQuery($0, sql) }
        defer { PQclear(result) }
        try check(result, sql: nil)
    }

    /// Runs a transaction-control statement (`BEGIN`, `COMMIT`, `SET`), not counted.
    func runControl(_ sql: String) throws(PostgresError) {
        let result = try roundTrip { PQsendQuery($0, sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs one statement of Kitchen's own plumbing (change capture, notifications, plan
    /// descriptions) with `parameters` bound as text, unprepared and not counted among the
    /// statements a request runs, and returns its rows' texts (nil for `NULL`).
    func plumbing(_ sql: String, _ parameters: [String] = []) throws(PostgresError) -> [[String?]] {
        let storage: [[CChar]?] = parameters.map { Array($0.utf8CString) }
        let result = try withPointers(storage[...]) { pointers throws(PostgresError) in
            try roundTrip { PQsendQueryParams($0, sql, Int32(pointers.count), nil, pointers, nil, nil, 0) }
        }
        defer { PQclear(result) }
        try check(result, sql: sql)
        guard let result else { return [] }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    // MARK: Transactions

    /// Runs `body` in a transaction (a savepoint when one is open): commits when it returns,
    /// rolls back when it throws.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        let nested = transactionDepth > 0
        let savepoint = "kitchen_\(transactionDepth)"
        try runControl(nested ? "SAVEPOINT \(savepoint)" : begin)
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let value: T
        do {
            value = try body()
        } catch {
            try? runControl(nested ? "ROLLBACK TO SAVEPOINT \(savepoint)" : "ROLLBACK")
            throw error
        }
        try runControl(nested ? "RELEASE SAVEPOINT \(savepoint)" : "COMMIT")
        return value
    }

    // MARK: Internals

    func checkOpen() throws(PostgresError) {
        if isClosed { throw .misuse("the connection is closed") }
        if isAbandoned { throw .noAnswer(within: roundTripLimit) }
    }

    /// Gives the session up after a round trip that got no answer in time.
    func abandon() { isAbandoned = true }

    /// Prepares `sql` (once per connection), runs it with `arguments` and hands the result
    /// to `body`.
    private func withResult<T>(
        _ sql: String, _ arguments: [PostgresValue], _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        try checkOpen()
        let name = try statementName(sql)
        let texts = try arguments.map { try $0.text() }
        if let recorder = PostgresReadRecording.current {
            recorder.note(sql, statement: name, arguments: arguments, on: self)
        }
        ThreadStatementCount.increment()
        // Counted with SQLite's, so `/metrics` shows one total whichever store runs.
        Connection.globalStatementCount.add(1, ordering: .relaxed)
        let result = try withParameters(arguments, texts) { values, lengths, formats throws(PostgresError) in
            try roundTrip { PQsendQueryPrepared($0, name, Int32(arguments.count), values, lengths, formats, 0) }
        }
        defer { PQclear(result) }
        try check(result, sql: sql)
        guard let result else { throw PostgresError.misuse("no result") }
        return try body(result)
    }

    /// The name `sql` is prepared under on this connection, preparing it first if needed.
    private func statementName(_ sql: String) throws(PostgresError) -> String {
        let key = SQLKey(sql)
        if let name = prepared[key] { return name }
        if prepared.count >= Self.preparedLimit {
            try runControl("DEALLOCATE ALL")
            prepared.removeAll(keepingCapacity: true)
        }
        let name = "k\(prepared.count + 1)"
        let result = try roundTrip { PQsendPrepare($0, name, sql, 0, nil) }
        defer { PQclear(result) }
        try check(result, sql: sql.trimmingSpaces)
        prepared[key] = name
        return name
    }

    /// Calls `body` with C arrays of the parameters' texts (bytes in binary format).
    private func withParameters(
        _ arguments: [PostgresValue], _ texts: [String?],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) throws(PostgresError) -> OpaquePointer?
    ) throws(PostgresError) -> OpaquePointer? {
        var storage: [[CChar]?] = []
        storage.reserveCapacity(arguments.count)
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for (argument, text) in zip(arguments, texts) {
            if case .bytes(let bytes) = argument {
                storage.append(bytes.map { CChar(bitPattern: $0) })
                lengths.append(Int32(bytes.count))
                formats.append(1)
            } else if let text {
                storage.append(text.utf8CString.map { $0 })
                lengths.append(0)
                formats.append(0)
            } else {
                storage.append(nil)
                lengths.append(0)
                formats.append(0)
            }
        }
        return try withPointers(storage[...]) { pointers throws(PostgresError) in
            try pointers.withUnsafeBufferPointer { values throws(PostgresError) in
                try lengths.withUnsafeBufferPointer { lengths throws(PostgresError) in
                    try formats.withUnsafeBufferPointer { formats throws(PostgresError) in
                        try body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }

    /// Pins each buffer in turn and collects their addresses (nil for `NULL`).
    private func withPointers<R, E: Error>(
        _ buffers: ArraySlice<[CChar]?>, collected: [UnsafePointer<CChar>?] = [],
        _ body: ([UnsafePointer<CChar>?]) throws(E) -> R
    ) throws(E) -> R {
        guard let first = buffers.first else { return try body(collected) }
        let rest = buffers.dropFirst()
        guard let buffer = first else { return try withPointers(rest, collected: collected + [nil], body) }
        return try buffer.withUnsafeBufferPointer { pointer throws(E) in
            try withPointers(rest, collected: collected + [pointer.baseAddress], body)
        }
    }

    /// Throws the error a result reports (or the connection's, for no result).
    private func check(_ result: OpaquePointer?, sql: String?) throws(PostgresError) {
        guard let result else { throw failure(sql: sql) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            // libpq's own failures (the server went away mid-statement) carry no SQLSTATE.
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                ?? (PQstatus(handle) == CONNECTION_OK ? "" : PostgresError.connectionLost)
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQresultErrorMessage(result)).trimmingSpaces
            throw PostgresError(sqlState: state, message, sql: sql?.trimmingSpaces)
        }
    }
}
