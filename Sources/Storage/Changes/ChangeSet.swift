/// What one commit changed: for each table, which columns changed in some row (every
/// column, and `ColumnSet.rows`, for a row inserted or deleted), and every changed row's
/// values of the table's key columns, before and after.
///
/// SQLite's store takes it from the commit itself (the writer's pre-update hook sees every
/// row a statement, a trigger or a cascade changes) and hands it to
/// `Database.observeChanges` observers once the commit is made. A write it cannot describe
/// — another process writing the same file, noticed only through `PRAGMA data_version` —
/// is `everything`. A store whose writes come from elsewhere (PostgreSQL triggers sending
/// `NOTIFY` with the table, the changed columns and the key values by name) builds the
/// same value with `init(catalog:tables:keys:)`, so the caches above need no change.
public struct ChangeSet: Sendable {
    /// Changed columns per table.
    public var tables: [TableID: ColumnSet] = [:]
    /// Key values of the changed rows.
    public var keys: Set<RowKey> = []
    /// Anything may have changed.
    public var isEverything = false

    public init() {}

    /// A change that may have touched everything.
    public static var everything: ChangeSet {
        var set = ChangeSet()
        set.isEverything = true
        return set
    }

    /// A change described by names: `tables` maps a table to its changed columns (nil:
    /// rows inserted or deleted, so every column), `keys` lists (table, key column,
    /// value). A name the catalog lacks makes it `everything`.
    public init(catalog: DataCatalog, tables: [String: [String]?], keys: [(String, String, Int64)]) {
        for (name, columns) in tables {
            guard let table = catalog.table(named: name) else { isEverything = true; return }
            if let columns {
                var set = catalog[table].columnSet(named: columns)
                set.rawValue &= ~ColumnSet.rows.rawValue
                self.tables[table, default: ColumnSet(rawValue: 0)].formUnion(set)
            } else {
                self.tables[table] = .all
            }
        }
        for (name, column, value) in keys {
            guard let table = catalog.table(named: name), let index = catalog.keyColumn(column, of: table) else {
                isEverything = true
                return
            }
            self.keys.insert(RowKey(table: table, column: index, value: value))
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { !isEverything && tables.isEmpty }

    /// Whether an answer that read `reads` may be different now: a table it read in whole
    /// changed in a column it read (or gained or lost rows), or a row it read by a key
    /// changed.
    public func affects(_ reads: ReadSet) -> Bool {
        if isEverything || reads.isUnbounded { return true }
        for (table, columns) in reads.tables {
            if let changed = tables[table], changed.intersects(columns) { return true }
        }
        return !keys.isDisjoint(with: reads.keys)
    }

    /// Adds what `other` changed.
    public mutating func formUnion(_ other: ChangeSet) {
        isEverything = isEverything || other.isEverything
        for (table, columns) in other.tables { tables[table, default: ColumnSet(rawValue: 0)].formUnion(columns) }
        keys.formUnion(other.keys)
    }
}
