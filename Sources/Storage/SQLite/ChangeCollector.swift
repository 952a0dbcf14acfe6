internal import CSQLite
import Glibc

/// What the write in progress has changed so far, filled by the writer's pre-update hook,
/// which SQLite calls before every row an `INSERT`, `UPDATE` or `DELETE` changes —
/// those of triggers, foreign-key cascades and `REPLACE` conflicts included, in rowid
/// and `WITHOUT ROWID` tables alike (a hook also turns off the truncate optimization, which
/// would skip it). Read and written only under the writer lock.
final class ChangeCollector: @unchecked Sendable {
    /// The catalog the changes are numbered by; nil until the schema is read, and then
    /// every change counts as `ChangeSet.everything`.
    var catalog: DataCatalog? {
        didSet { recentTables.removeAll() }
    }
    /// The changes since `reset()`.
    var changes = ChangeSet()
    /// Tables whose changes `watchedTables` is told of.
    let watched: WatchedTables

    init(watched: WatchedTables) {
        self.watched = watched
    }

    /// The tables the hook named lately, by the pointer SQLite passes (its schema's copy of
    /// the name, the same for every row of a table while the schema stays): a lookup
    /// without making a `String` of the name or hashing it. A pointer is trusted only
    /// when its text still matches (`strcmp`), so a schema read anew costs a lookup, never
    /// a wrong table.
    private var recentTables: [(pointer: UnsafePointer<CChar>, name: String, table: TableID?)] = []

    /// Starts a new write.
    func reset() {
        changes = ChangeSet()
        watched.changed = false
    }

    /// Counts one row change; called from the hook.
    ///
    /// The change set is moved out while it is filled and back at the end, so that filling
    /// it is one access to this object's storage rather than one per key.
    func record(
        _ db: OpaquePointer, operation: Int32, table pointer: UnsafePointer<CChar>, oldRowid: Int64, newRowid: Int64
    ) {
        let (name, found) = lookUp(pointer)
        if !watched.names.isEmpty, !watched.changed, watched.names.contains(name) { watched.changed = true }
        guard !changes.isEverything else { return }
        guard let catalog, let table = found else {
            changes.isEverything = true
            return
        }
        var changes = ChangeSet()
        swap(&changes, &self.changes)
        defer { swap(&changes, &self.changes) }
        let entry = catalog[table]
        if let owner = entry.changesCountFor {
            changes.tables[owner] = .all
            return
        }
        var columns = ColumnSet.all
        if operation == SQLITE_UPDATE {
            columns = oldRowid == newRowid ? ColumnSet(rawValue: 0) : .all
            if oldRowid == newRowid {
                for column in 0..<Int(sqlite3_preupdate_count(db)) where Self.differs(db, column) {
                    columns.insert(column: column)
                }
            }
        }
        changes.tables[table, default: ColumnSet(rawValue: 0)].formUnion(columns)
        if changes.keys.isEmpty { changes.keys.reserveCapacity(16) }
        for column in entry.keyColumns {
            let old = operation == SQLITE_INSERT ? nil : Self.keyValue(db, column, entry, rowid: oldRowid, new: false)
            let new = operation == SQLITE_DELETE ? nil : Self.keyValue(db, column, entry, rowid: newRowid, new: true)
            if let old { changes.keys.insert(RowKey(table: table, column: column, value: old)) }
            if let new, new != old { changes.keys.insert(RowKey(table: table, column: column, value: new)) }
        }
    }

    /// The name and catalog number of the table `pointer` names.
    private func lookUp(_ pointer: UnsafePointer<CChar>) -> (name: String, table: TableID?) {
        for recent in recentTables where recent.pointer == pointer {
            if recent.name.withCString({ strcmp($0, pointer) }) == 0 { return (recent.name, recent.table) }
        }
        let name = String(cString: pointer)
        let table = catalog?.table(named: name)
        if recentTables.count >= 32 { recentTables.removeAll(keepingCapacity: true) }
        if catalog != nil { recentTables.append((pointer, name, table)) }
        return (name, table)
    }

    /// A key column's integer value in the row before (`new` false) or after the change;
    /// nil when it is not an integer (NULL, say).
    private static func keyValue(
        _ db: OpaquePointer, _ column: Int, _ entry: DataCatalog.Table, rowid: Int64, new: Bool
    ) -> Int64? {
        if column == entry.rowidColumn { return rowid }
        var value: OpaquePointer?
        let found =
            new ? sqlite3_preupdate_new(db, Int32(column), &value) : sqlite3_preupdate_old(db, Int32(column), &value)
        guard found == SQLITE_OK, let value, sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    /// Whether an update changes `column` of its row.
    private static func differs(_ db: OpaquePointer, _ column: Int) -> Bool {
        var old: OpaquePointer?
        var new: OpaquePointer?
        guard sqlite3_preupdate_old(db, Int32(column), &old) == SQLITE_OK,
            sqlite3_preupdate_new(db, Int32(column), &new) == SQLITE_OK, let old, let new
        else { return true }
        let type = sqlite3_value_type(old)
        guard type == sqlite3_value_type(new) else { return true }
        switch type {
        case SQLITE_NULL: return false
        case SQLITE_INTEGER: return sqlite3_value_int64(old) != sqlite3_value_int64(new)
        case SQLITE_FLOAT: return sqlite3_value_double(old) != sqlite3_value_double(new)
        default:
            let count = sqlite3_value_bytes(old)
            guard count == sqlite3_value_bytes(new) else { return true }
            guard count > 0 else { return false }
            let a = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_value_text(old)) : sqlite3_value_blob(old)
            let b = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_value_text(new)) : sqlite3_value_blob(new)
            guard let a, let b else { return true }
            return memcmp(a, b, Int(count)) != 0
        }
    }

    /// Installs the hook on the writer.
    func install(on connection: Connection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_preupdate_hook(
            connection.handle,
            { context, db, operation, _, table, oldRowid, newRowid in
                guard let context, let db, let table else { return }
                Unmanaged<ChangeCollector>.fromOpaque(context).takeUnretainedValue()
                    .record(db, operation: operation, table: table, oldRowid: oldRowid, newRowid: newRowid)
            }, context)
    }
}
