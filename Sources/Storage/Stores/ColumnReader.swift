/// A result row of either store, read by 0-based column: SQLite's `Row` and PostgreSQL's
/// `PostgresRow`. Lets one function turn a row into a model for both stores; generic
/// callers are specialized for each row type, so reading through it costs nothing.
protocol ColumnReader {
    func isNull(_ index: Int) -> Bool
    func int(_ index: Int) -> Int
    func int64(_ index: Int) -> Int64
    func bool(_ index: Int) -> Bool
    func string(_ index: Int) -> String
    func optionalInt(_ index: Int) -> Int?
    func optionalInt64(_ index: Int) -> Int64?
    func optionalString(_ index: Int) -> String?
}

extension Row: ColumnReader {}
extension PostgresRow: ColumnReader {}
