/// The tables and columns that read sets and change sets speak of, numbered, so that a
/// cache can match what a write changed against what an answer read without comparing
/// names.
///
/// This is the seam between a store and the caches above it: a store builds the catalog
/// from its schema (SQLite: `sqlite_master` and `PRAGMA table_info`; a PostgreSQL store
/// would use `information_schema.columns`), and everything it reports afterwards —
/// `ReadSet`s while a read runs, `ChangeSet`s when a write commits or another instance's
/// write is heard — uses these numbers. Two stores with the same schema build the same
/// catalog from the same names, so an instance can turn a change another one describes by
/// name (`ChangeSet.init(catalog:tables:keys:)`) into its own numbers.
public struct DataCatalog: Sendable {
    /// One table: its columns in schema order and which of them are keys.
    public struct Table: Sendable {
        public let name: String
        /// Column names, lowercased, in schema order.
        public let columns: [String]
        /// Columns a read may name its rows by (`RowKey`): the integer primary key, and
        /// every column whose name ends in `_id` (a reference to another row). A change
        /// set lists every changed row's values of all of them.
        public let keyColumns: [Int]
        /// The column that is the table's rowid (`INTEGER PRIMARY KEY`), if any.
        public let rowidColumn: Int?
        /// For a store's hidden table that holds another's data (SQLite's full-text
        /// indexes keep theirs in `name_data`, `name_idx`, …): the table a change to this
        /// one is a change to.
        public let changesCountFor: TableID?

        /// A table; `keyColumns` are derived from the names as described there.
        public init(name: String, columns: [String], rowidColumn: Int?, changesCountFor: TableID? = nil) {
            let lowered = columns.map { $0.lowercased() }
            self.name = name.lowercased()
            self.columns = lowered
            self.rowidColumn = rowidColumn
            self.changesCountFor = changesCountFor
            keyColumns = lowered.indices.filter { $0 == rowidColumn || lowered[$0].hasSuffix("_id") }
        }

        /// The columns named, as a set; a name this table lacks (`ROWID`, or none, for
        /// `count(*)`) adds nothing: reading which rows exist is in every table-wide read.
        public func columnSet(named names: some Sequence<String>) -> ColumnSet {
            var set = ColumnSet.rows
            for name in names {
                let lowered = name.lowercased()
                if let index = columns.firstIndex(of: lowered) { set.insert(column: index) }
            }
            return set
        }
    }

    public let tables: [Table]
    private let byName: [String: TableID]

    /// A catalog of `tables`, numbered in order.
    public init(tables: [Table]) {
        self.tables = tables
        var byName: [String: TableID] = [:]
        for (index, table) in tables.enumerated() { byName[table.name] = TableID(index: Int32(index)) }
        self.byName = byName
    }

    /// The table of that name (any case), if the catalog has it.
    public func table(named name: String) -> TableID? {
        byName[name] ?? byName[name.lowercased()]
    }

    public subscript(table: TableID) -> Table { tables[Int(table.index)] }

    /// The key column `column` of `table`, when it is one.
    public func keyColumn(_ column: String, of table: TableID) -> Int? {
        let entry = self[table]
        guard let index = entry.columns.firstIndex(of: column.lowercased()), entry.keyColumns.contains(index)
        else { return nil }
        return index
    }
}

/// A table of a `DataCatalog`, by its number there.
public struct TableID: Hashable, Sendable, Comparable {
    public let index: Int32
    public init(index: Int32) { self.index = index }
    public static func < (a: TableID, b: TableID) -> Bool { a.index < b.index }
}

/// Columns of one table, as bits: column `i` is bit `i` (columns past the 62nd share bit
/// 62), and bit 63 (`rows`) stands for which rows the table has — set by every insert and
/// delete, and in every table-wide read, which a new or removed row can change even when
/// no column it read changed in a row that stayed.
public struct ColumnSet: Hashable, Sendable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Which rows exist, alone.
    public static let rows = ColumnSet(rawValue: 1 << 63)
    /// Every column and the rows: what an insert or delete changes.
    public static let all = ColumnSet(rawValue: .max)

    public mutating func insert(column index: Int) { rawValue |= 1 << UInt64(min(index, 62)) }
    public mutating func formUnion(_ other: ColumnSet) { rawValue |= other.rawValue }
    public func intersects(_ other: ColumnSet) -> Bool { rawValue & other.rawValue != 0 }
    public var isEmpty: Bool { rawValue == 0 }
}

/// The rows of a table whose key column holds one value: a recipe's row (`recipes.id`),
/// its ingredients (`recipe_ingredients.recipe_id`), a user's cart lines
/// (`cart_items.user_id`).
public struct RowKey: Hashable, Sendable {
    public let table: TableID
    /// The key column's index in the table.
    public let column: Int32
    public let value: Int64

    public init(table: TableID, column: Int, value: Int64) {
        self.table = table
        self.column = Int32(column)
        self.value = value
    }
}
