internal import CPostgres
import Synchronization

/// One libpq connection, used by one thread at a time (the pool hands it out).
///
/// Every statement is prepared once per connection under a name of its own and run with
/// `PQexecPrepared`, its values bound as parameters, never spliced into the text. Results
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

    /// Connects with a libpq connection string or URI; throws what libpq says on failure.
    init(url: String) throws(PostgresError) {
        guard let connection = PQconnectdb(url) else { throw .misuse("libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingSpaces
            PQfinish(connection)
            throw PostgresError("cannot connect: \(message)")
        }
        handle = connection
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

    /// Whether the connection is still usable (a server restart breaks it).
    var isHealthy: Bool { !isClosed && PQstatus(handle) == CONNECTION_OK }

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
        try checkOpen()
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: nil)
    }

    /// Runs a transaction-control statement (`BEGIN`, `COMMIT`, `SET`), not counted.
    func runControl(_ sql: String) throws(PostgresError) {
        try checkOpen()
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
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

    private func checkOpen() throws(PostgresError) {
        if isClosed { throw .misuse("the connection is closed") }
    }

    /// Prepares `sql` (once per connection), runs it with `arguments` and hands the result
    /// to `body`.
    private func withResult<T>(
        _ sql: String, _ arguments: [PostgresValue], _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        try checkOpen()
        let name = try statementName(sql)
        let texts = try arguments.map { try $0.text() }
        ThreadStatementCount.increment()
        // Counted with SQLite's, so `/metrics` shows one total whichever store runs.
        Connection.globalStatementCount.add(1, ordering: .relaxed)
        let result = try withParameters(arguments, texts) { values, lengths, formats in
            PQexecPrepared(handle, name, Int32(arguments.count), values, lengths, formats, 0)
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
        let result = PQprepare(handle, name, sql, 0, nil)
        defer { PQclear(result) }
        try check(result, sql: sql.trimmingSpaces)
        prepared[key] = name
        return name
    }

    /// Calls `body` with C arrays of the parameters' texts (bytes in binary format).
    private func withParameters(
        _ arguments: [PostgresValue], _ texts: [String?],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> OpaquePointer?
    ) throws -> OpaquePointer? {
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
        return withPointers(storage[...]) { pointers in
            pointers.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }

    /// Pins each buffer in turn and collects their addresses (nil for `NULL`).
    private func withPointers<R>(
        _ buffers: ArraySlice<[CChar]?>, collected: [UnsafePointer<CChar>?] = [],
        _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
        guard let first = buffers.first else { return body(collected) }
        let rest = buffers.dropFirst()
        guard let buffer = first else { return withPointers(rest, collected: collected + [nil], body) }
        return buffer.withUnsafeBufferPointer { pointer in
            withPointers(rest, collected: collected + [pointer.baseAddress], body)
        }
    }

    /// Throws the error a result reports (or the connection's, for no result).
    private func check(_ result: OpaquePointer?, sql: String?) throws(PostgresError) {
        guard let result else {
            throw PostgresError(String(cString: PQerrorMessage(handle)).trimmingSpaces, sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQresultErrorMessage(result)).trimmingSpaces
            throw PostgresError(sqlState: state, message, sql: sql?.trimmingSpaces)
        }
    }
}
