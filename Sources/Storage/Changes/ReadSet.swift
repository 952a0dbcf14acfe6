/// What an answer read: the tables it read in whole (any row could have mattered) with the
/// columns it read there, and the rows it read by a key (only those rows mattered).
///
/// A store records one while a read runs (`Database.recordingReads`), per statement; a
/// cache keeps it beside the answer and drops the answer when a `ChangeSet` `affects` it.
/// A read of something the catalog does not name makes the set `unbounded`: every change
/// affects it.
public struct ReadSet: Sendable {
    /// Table-wide reads and their columns (with `ColumnSet.rows` always in).
    public var tables: [TableID: ColumnSet] = [:]
    /// Rows read by a key, whatever their columns.
    public var keys: Set<RowKey> = []
    /// Something was read that no catalog names.
    public var isUnbounded = false

    public init() {}

    /// Adds a table-wide read of `columns` of `table`.
    public mutating func read(_ table: TableID, columns: ColumnSet) {
        var columns = columns
        columns.formUnion(.rows)
        tables[table, default: .rows].formUnion(columns)
    }

    /// Adds the rows of `table` whose key column `column` holds `value`.
    public mutating func read(_ table: TableID, column: Int, value: Int64) {
        keys.insert(RowKey(table: table, column: column, value: value))
    }

    /// Adds what `other` read.
    public mutating func formUnion(_ other: ReadSet) {
        for (table, columns) in other.tables { read(table, columns: columns) }
        keys.formUnion(other.keys)
        isUnbounded = isUnbounded || other.isUnbounded
    }

    /// Bytes it takes, roughly, for a cache's size bound.
    public var approximateSize: Int { 64 + 24 * tables.count + 40 * keys.count }
}
