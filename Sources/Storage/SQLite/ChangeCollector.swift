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
    var catalog: DataCatalog?
    /// The changes since `reset()`.
    var changes = ChangeSet()
    /// Tables whose changes `watchedTables` is told of.
    let watched: WatchedTables

    init(watched: WatchedTables) {
        self.watched = watched
    }

    /// Starts a new write.
    func reset() {
        changes = ChangeSet()
        watched.changed = false
    }

    /// Counts one row change; called from the hook.
    func record(
        _ db: OpaquePointer, operation: Int32, table name: UnsafePointer<CChar>, oldRowid: Int64, newRowid: Int64
    ) {
        let tableName = String(cString: name)
        if !watched.names.isEmpty, !watched.changed, watched.names.contains(tableName) { watched.changed = true }
        guard !changes.isEverything else { return }
        guard let catalog, let table = catalog.table(named: tableName) else {
            changes.isEverything = true
            return
        }
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
        for column in entry.keyColumns {
            if column == entry.rowidColumn {
                if operation != SQLITE_INSERT { changes.keys.insert(RowKey(table: table, column: column, value: oldRowid)) }
                if operation != SQLITE_DELETE { changes.keys.insert(RowKey(table: table, column: column, value: newRowid)) }
                continue
            }
            var value: OpaquePointer?
            if operation != SQLITE_INSERT, sqlite3_preupdate_old(db, Int32(column), &value) == SQLITE_OK,
                let value, sqlite3_value_type(value) == SQLITE_INTEGER
            {
                changes.keys.insert(RowKey(table: table, column: column, value: sqlite3_value_int64(value)))
            }
            value = nil
            if operation != SQLITE_DELETE, sqlite3_preupdate_new(db, Int32(column), &value) == SQLITE_OK,
                let value, sqlite3_value_type(value) == SQLITE_INTEGER
            {
                changes.keys.insert(RowKey(table: table, column: column, value: sqlite3_value_int64(value)))
            }
        }
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
