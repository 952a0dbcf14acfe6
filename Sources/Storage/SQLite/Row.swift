internal import CSQLite

/// The current row of a statement, with typed column access by 0-based index.
///
/// A row is a view into the statement, valid only inside the closure that received it: copy
/// the values out, do not keep the row. Reading a column as another type converts the way
/// SQLite does (`NULL` reads as 0, 0.0, "" or no bytes); use the `optional…` readers where
/// `NULL` means something.
public struct Row {
    let handle: OpaquePointer

    /// The number of columns in the result.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of a column, as SQLite reports it (the `AS` alias when there is one).
    public func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Whether a column is `NULL`.
    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// A column as `Int`.
    public func int(_ index: Int) -> Int { Int(sqlite3_column_int64(handle, Int32(index))) }

    /// A column as `Int64`.
    public func int64(_ index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    /// A column as `Double`.
    public func double(_ index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// A column as `Bool`: any non-zero integer is `true`.
    public func bool(_ index: Int) -> Bool { sqlite3_column_int64(handle, Int32(index)) != 0 }

    /// A column as `String`, decoded as UTF-8 (invalid bytes become U+FFFD, never a crash).
    public func string(_ index: Int) -> String {
        // Text first, then the byte count: that is the order SQLite documents as safe.
        guard let text = sqlite3_column_text(handle, Int32(index)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A column as raw bytes.
    public func blob(_ index: Int) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, Int32(index)) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// A column as `Int`, or `nil` when it is `NULL`.
    public func optionalInt(_ index: Int) -> Int? { isNull(index) ? nil : int(index) }

    /// A column as `Int64`, or `nil` when it is `NULL`.
    public func optionalInt64(_ index: Int) -> Int64? { isNull(index) ? nil : int64(index) }

    /// A column as `Double`, or `nil` when it is `NULL`.
    public func optionalDouble(_ index: Int) -> Double? { isNull(index) ? nil : double(index) }

    /// A column as `Bool`, or `nil` when it is `NULL`.
    public func optionalBool(_ index: Int) -> Bool? { isNull(index) ? nil : bool(index) }

    /// A column as `String`, or `nil` when it is `NULL`.
    public func optionalString(_ index: Int) -> String? { isNull(index) ? nil : string(index) }

    /// A column as bytes, or `nil` when it is `NULL`.
    public func optionalBlob(_ index: Int) -> [UInt8]? { isNull(index) ? nil : blob(index) }

    /// A column as whichever `SQLValue` it holds.
    public func value(_ index: Int) -> SQLValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer(int64(index))
        case SQLITE_FLOAT: .real(double(index))
        case SQLITE_TEXT: .text(string(index))
        case SQLITE_BLOB: .blob(blob(index))
        default: .null
        }
    }
}
