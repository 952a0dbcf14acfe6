import Synchronization

extension Database {
    /// Calls `observer` with what each later commit changed, and with
    /// `ChangeSet.everything` when a change this process cannot describe is noticed (another
    /// connection's commit, seen by `checkedDataGeneration()` or by the writer).
    ///
    /// This process's commits are reported on the writing thread, under the writer lock,
    /// after the commit and after the data generation has moved for it, before the write
    /// returns: so a cache that drops what a change affects has dropped it before the
    /// writer's client hears of the write, and a cache that keeps an answer only after
    /// checking it against the changes it was told of since the data generation its request
    /// began under (under the cache's own lock) is told of any later change in time to drop
    /// it. Observers must be quick and must not write.
    public func observeChanges(_ observer: @escaping @Sendable (ChangeSet) -> Void) {
        changeObservers.withLock { $0.append(observer) }
    }

    /// The catalog the change sets and read sets of this database are numbered by; nil
    /// until `loadCatalog()` has read the schema (`open` does, after migrating).
    public var catalog: DataCatalog? { catalogBox.withLock { $0 } }

    /// Reads the schema into the catalog; the writer's changes are numbered by it from now
    /// on, and reads recorded on connections opened afterwards. Changes to tables it does
    /// not name count as `ChangeSet.everything`, reads of them as unbounded.
    public func loadCatalog() throws {
        let catalog = try read { try DataCatalog.read($0) }
        catalogBox.withLock { $0 = catalog }
        writer.withLock { _ in changeCollector.catalog = catalog }
    }

    /// Tells the observers of `changes`; a change of nothing is not told.
    func announce(_ changes: ChangeSet) {
        guard !changes.isEmpty else { return }
        for observer in changeObservers.withLock({ $0 }) { observer(changes) }
    }

    /// The data generation as this process last noticed it, without looking for other
    /// connections' commits (`checkedDataGeneration()` does): for a check that must be
    /// cheap, made under another lock, right after a fuller one.
    public var noticedDataGeneration: UInt64 { generation.load(ordering: .acquiring) }
}
