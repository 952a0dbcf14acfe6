internal import CPostgres

/// One row of a PostgreSQL result, read in libpq's text format by 0-based column.
///
/// Valid only inside the closure that received it, like SQLite's `Row`. `NULL` reads as
/// 0, false, "" or no bytes; the `optional…` readers tell it apart.
public struct PostgresRow {
    let result: OpaquePointer
    let index: Int32

    /// Whether a column is `NULL`.
    public func isNull(_ column: Int) -> Bool { PQgetisnull(result, index, Int32(column)) == 1 }

    private func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> {
        let length = Int(PQgetlength(result, index, Int32(column)))
        guard let value = PQgetvalue(result, index, Int32(column)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawPointer(value).withMemoryRebound(to: UInt8.self, capacity: length) {
            UnsafeBufferPointer(start: $0, count: length)
        }
    }

    /// A column as `Int64` (a `bigint`, `integer`, `numeric` without fraction, or boolean).
    public func int64(_ column: Int) -> Int64 {
        var value: Int64 = 0
        var negative = false
        for byte in bytes(column) {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value &* 10 &+ Int64(byte - 48)
            case UInt8(ascii: "t"): return 1
            default: return negative ? -value : value  // ".0" of a numeric, "f"
            }
        }
        return negative ? -value : value
    }

    /// A column as `Int`.
    public func int(_ column: Int) -> Int { Int(int64(column)) }

    /// A column as `Bool`: `t`, or a non-zero number.
    public func bool(_ column: Int) -> Bool {
        let text = bytes(column)
        guard let first = text.first else { return false }
        return first == UInt8(ascii: "t") || (first != UInt8(ascii: "f") && int64(column) != 0)
    }

    /// A column as `Double`.
    public func double(_ column: Int) -> Double { Double(string(column)) ?? 0 }

    /// A column as `String`, decoded as UTF-8.
    public func string(_ column: Int) -> String { String(decoding: bytes(column), as: UTF8.self) }

    /// A `bytea` column (text format: `\x` and hex digits) as bytes.
    public func blob(_ column: Int) -> [UInt8] {
        let text = bytes(column)
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else {
            return Array(text)
        }
        func nibble(_ byte: UInt8) -> UInt8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
            default: byte &- 55
            }
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity((text.count - 2) / 2)
        var position = 2
        while position + 1 < text.count {
            decoded.append(nibble(text[position]) << 4 | nibble(text[position + 1]))
            position += 2
        }
        return decoded
    }

    /// A column as `Int`, or nil when `NULL`.
    public func optionalInt(_ column: Int) -> Int? { isNull(column) ? nil : int(column) }
    /// A column as `Int64`, or nil when `NULL`.
    public func optionalInt64(_ column: Int) -> Int64? { isNull(column) ? nil : int64(column) }
    /// A column as `Double`, or nil when `NULL`.
    public func optionalDouble(_ column: Int) -> Double? { isNull(column) ? nil : double(column) }
    /// A column as `String`, or nil when `NULL`.
    public func optionalString(_ column: Int) -> String? { isNull(column) ? nil : string(column) }
    /// A column as `Bool`, or nil when `NULL`.
    public func optionalBool(_ column: Int) -> Bool? { isNull(column) ? nil : bool(column) }
}
