internal import CSQLite
import Glibc

/// What one statement reads, found once when it is prepared: SQLite's authorizer reports
/// each column of each table the statement reads (`SQLITE_READ`), joins, subqueries,
/// `WHERE` and `ORDER BY` included. Kept on the cached statement, so a statement run
/// again costs nothing to describe.
final class StatementReads {
    /// The tables read and the columns read of each.
    let tables: [(TableID, ColumnSet)]
    /// A table the catalog does not name was read.
    let isUnbounded: Bool

    init(tables: [(TableID, ColumnSet)], isUnbounded: Bool) {
        self.tables = tables
        self.isUnbounded = isUnbounded
    }

    /// Names that are not tables of the data: the schema, SQLite's table-valued functions.
    private static let notData: Set<String> = ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "json_each", "json_tree"]

    /// The reads of the (table, column) pairs an authorizer reported, numbered by `catalog`.
    convenience init(reported: [(table: String, column: String)], catalog: DataCatalog) {
        var columns: [TableID: [String]] = [:]
        var unbounded = false
        for (table, column) in reported {
            let name = table.lowercased()
            if Self.notData.contains(name) || name.hasPrefix("pragma_") { continue }
            guard let id = catalog.table(named: name) else {
                unbounded = true
                continue
            }
            columns[id, default: []].append(column)
        }
        let tables = columns.sorted { $0.key < $1.key }.map { ($0.key, catalog[$0.key].columnSet(named: $0.value)) }
        self.init(tables: tables, isUnbounded: unbounded)
    }
}

/// Collects what the authorizer reports while a connection prepares a statement.
final class AuthorizerLog {
    var isOn = false
    var reported: [(table: String, column: String)] = []

    /// Installs the authorizer on `handle`; it allows everything and only listens.
    func install(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, action, table, column, _, _ in
                guard let context, action == SQLITE_READ, let table else { return SQLITE_OK }
                let log = Unmanaged<AuthorizerLog>.fromOpaque(context).takeUnretainedValue()
                if log.isOn { log.reported.append((String(cString: table), column.map { String(cString: $0) } ?? "")) }
                return SQLITE_OK
            }, context)
    }
}

/// The rows one run of a statement reads of one table, named by a key: a lookup by ids
/// (`recipes.id`), a parent's children (`recipe_steps.recipe_id`). Given by the code that
/// runs the statement, which knows; the statement's other tables count as read in whole.
@usableFromInline
struct RowsNamed {
    let table: String
    let column: String
    let values: [Int64]

    @usableFromInline
    init(table: String, column: String, values: [Int64]) {
        self.table = table
        self.column = column
        self.values = values
    }
}

/// Collects the reads of the statements a thread runs inside `Database.recordingReads`.
final class ReadRecorder {
    let catalog: DataCatalog?
    var reads = ReadSet()
    /// The rows named for the statements run inside `readingRows(_:_:)`.
    var scoped: [RowsNamed] = []

    init(catalog: DataCatalog?) {
        self.catalog = catalog
    }

    /// Adds what a statement's run reads.
    func note(_ statement: Statement) {
        guard let catalog, let described = statement.reads else {
            reads.isUnbounded = true
            return
        }
        if described.isUnbounded { reads.isUnbounded = true }
        var keyed: [(table: TableID, column: Int, values: [Int64])] = []
        for named in statement.rowsNamed.map({ [$0] }) ?? scoped {
            if let table = catalog.table(named: named.table), let column = catalog.keyColumn(named.column, of: table) {
                keyed.append((table, column, named.values))
            }
        }
        for (table, columns) in described.tables {
            if let key = keyed.first(where: { $0.table == table }) {
                for value in key.values { reads.read(table, column: key.column, value: value) }
            } else {
                reads.read(table, columns: columns)
            }
        }
    }
}

/// The recorder of the calling thread, if it is inside `Database.recordingReads`.
enum ReadRecording {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: ReadRecorder? {
        pthread_getspecific(key).map { Unmanaged<ReadRecorder>.fromOpaque($0).takeUnretainedValue() }
    }

    static func set(_ recorder: ReadRecorder?) {
        pthread_setspecific(key, recorder.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
    }
}

extension Database {
    /// Runs `body` and returns, with its value, what the reads it made on this thread read:
    /// per statement, the tables and columns it reads (found when it was prepared) or, where
    /// the code running it named the rows it reads by a key, those rows.
    ///
    /// For a cache of answers (the response cache keeps one beside each answer and drops the
    /// answer when a `ChangeSet` affects it). The cost is a few stores per statement, and
    /// none outside a recording. Nested calls record into the outer one as well.
    public func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, ReadSet) {
        let outer = ReadRecording.current
        let recorder = ReadRecorder(catalog: catalog)
        ReadRecording.set(recorder)
        defer {
            ReadRecording.set(outer)
            outer?.reads.formUnion(recorder.reads)
        }
        let value = try withExtendedLifetime(recorder) { try body() }
        return (value, recorder.reads)
    }
}

/// Runs `body`, whose statements read the rows of each named table only where its column
/// holds `value` (their other tables as usual): a recorded read then depends on those rows
/// alone. For a statement that names its rows by a key (`WHERE user_id = ? AND …`,
/// `JOIN users u ON u.id = ci.user_id`); keep the scope to that statement. Costs one
/// thread-local read outside a recording.
func readingRows<T>(_ keys: [(table: String, column: String)], _ value: Int64, _ body: () throws -> T) rethrows -> T {
    guard let recorder = ReadRecording.current else { return try body() }
    let outer = recorder.scoped
    recorder.scoped = keys.map { RowsNamed(table: $0.table, column: $0.column, values: [value]) }
    defer { recorder.scoped = outer }
    return try body()
}

extension Database {
    /// `read`, whose statements read the named tables' rows only where the column holds
    /// `value` (see `readingRows(_:_:_:)`): `database.read(rowsOf: [("cart_items",
    /// "user_id")], userID) { … }` for a screen of one user's rows.
    func read<T>(
        rowsOf keys: [(table: String, column: String)], _ value: Int64, _ body: (Connection) throws -> T
    ) throws -> T {
        try readingRows(keys, value) { try read(body) }
    }
}
