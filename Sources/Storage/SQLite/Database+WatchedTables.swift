internal import CSQLite

/// The tables whose changes move `Database.watchedGeneration`, and whether the write in
/// progress has changed a row of one. Read and written only under the writer lock: by
/// `withWriter`, and by the writer's pre-update hook (`ChangeCollector`), which runs
/// inside its statements.
final class WatchedTables: @unchecked Sendable {
    /// The watched tables.
    var names: Set<String> = []
    var changed = false
    /// The writer's file data version after its last write (`Connection.fileDataVersion`).
    var writerDataVersion: UInt32?
    /// The writer connection, to tell it from a reader.
    var writer: ObjectIdentifier?
}

extension Database {
    /// Makes `watchedGeneration` move whenever rows of `table` may have changed, from now on.
    ///
    /// The writer's pre-update hook reports each row this process inserts, updates or
    /// deletes, deletes that cascade from another table included. Changes made by other
    /// connections move the generation too, as they move `checkedDataGeneration()`.
    public func watchChanges(to table: String) {
        writer.withLock { box in
            guard box != nil else { return }
            watchedTables.names.insert(table)
        }
    }

    /// After a write (committed or not): moves the watched generation when it changed a
    /// watched table or began after another connection's commit, and says whether it did
    /// begin so. The watchers skip asking about the commits before this process's newest
    /// one (`ownCommitHeader`), so such a commit must count here. The writer's file data
    /// version moves by one for its own commit and once more when its transaction found
    /// another connection's commit; any other step counts as such a find. Called under the
    /// writer lock.
    func countWatchedChanges(of connection: Connection, committed: Bool) -> Bool {
        let version = connection.fileDataVersion
        let expected = watchedTables.writerDataVersion.map { $0 &+ (committed ? 1 : 0) }
        let foundOther = version == nil || version != expected
        if !watchedTables.names.isEmpty, watchedTables.changed || foundOther {
            watchedTablesGeneration.add(1, ordering: .releasing)
        }
        watchedTables.writerDataVersion = version
        return foundOther
    }

    /// A number that moves whenever a watched table (`watchChanges(to:)`) may have changed:
    /// with each commit of this process that changed one of their rows (or tried to, and
    /// rolled back), and with every change by another connection, as
    /// `checkedDataGeneration()` counts them. Read it just after that call, which is what
    /// notices the other connections' commits: a cache keyed by it then survives this
    /// process's writes to other tables, where one keyed by the data generation would not.
    public var watchedGeneration: UInt64 { watchedTablesGeneration.load(ordering: .acquiring) }

    /// The watched generation whose rows `connection` reads now, when it is the writer inside
    /// a write on this thread that has changed no watched table and found no other
    /// connection's commit; nil otherwise. Rows of watched tables it reads may then be kept
    /// under that generation, and rows kept under it may stand in for reading them.
    func watchedGenerationSeen(byWriter connection: Connection) -> UInt64? {
        guard writerThread.load(ordering: .acquiring) == currentThreadID(),
            watchedTables.writer == ObjectIdentifier(connection), !watchedTables.changed,
            let version = connection.fileDataVersion, version == watchedTables.writerDataVersion
        else { return nil }
        return watchedGeneration
    }
}

extension Connection {
    /// The pager's data version (`SQLITE_FCNTL_DATA_VERSION`): it moves with each commit of
    /// this connection and each time one of its transactions finds another connection's
    /// commit. Reading it takes no lock and no I/O; nil if SQLite refuses.
    var fileDataVersion: UInt32? {
        var version: UInt32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK else {
            return nil
        }
        return version
    }
}
