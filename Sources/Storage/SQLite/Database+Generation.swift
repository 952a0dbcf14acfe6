import Synchronization

/// The connection behind `Database.checkedDataGeneration()` and the last
/// `PRAGMA data_version` it read.
struct DataWatch {
    let box: ConnectionBox
    var version: Int64
}

extension Database {
    /// A number that moves whenever the data may have changed: two equal readings mean no
    /// write committed between them, so anything computed from the data in between is
    /// still true. Caches keyed by it (the response cache) drop what they hold when it moves.
    ///
    /// This process's writes move it as they commit (after, never before: a reading taken
    /// before a read starts is never newer than the data the read sees). Writes by other
    /// connections — another process on the same file — move it when this is next called:
    /// a dedicated connection asks `PRAGMA data_version`, which changes whenever another
    /// connection has committed. Throws when the database is closed or unreadable.
    public func checkedDataGeneration() throws -> UInt64 {
        if readers.withLock({ $0.isClosed }) { throw SQLiteError.misuse("database \(path) is closed") }
        try watch.withLock { (watch: inout DataWatch?) throws -> Void in
            guard var current = watch else {
                let connection = try Connection(path: path, access: .readOnly, busyTimeout: options.busyTimeout)
                watch = DataWatch(box: ConnectionBox(connection), version: try EventLog.dataVersion(connection))
                return
            }
            let version = try EventLog.dataVersion(current.box.connection)
            if version != current.version {
                current.version = version
                watch = current
                generation.add(1, ordering: .releasing)
            }
        }
        return generation.load(ordering: .acquiring)
    }
}
