/// Ids as a table of one column, `wanted_id`, bound to one parameter, for a statement that
/// joins through them: `FROM %@ AS wanted CROSS JOIN t ON t.key = wanted.wanted_id`, the
/// slot filled with `table` (`String.replacingFirstSlot(with:)`).
///
/// One id is `(SELECT ? AS wanted_id)`, which SQLite folds into an equality; more are a
/// JSON array read by `json_each(?)`. Either way SQLite seeks each id in the joined table's
/// index. `t.key IN (?,?,…)` first copies the list into a temporary index on every run,
/// about 25,000 instructions of the 40,000 that looking up three dishes' photos or like
/// counts cost (Benchmarks/RESULTS.md). `CROSS JOIN` keeps the ids the outer loop, so the
/// rows of each id come together, in the order of the index the join seeks them in.
struct SQLIDTable {
    /// What to put after `FROM`: `(SELECT ? AS wanted_id)` or the same from `json_each(?)`.
    let table: String
    /// The one parameter: the id, or the ids as a JSON array.
    let argument: SQLValue

    /// The table of `ids`, which should be distinct (`distinct(_:)`); none is an empty array.
    init(_ ids: [Int64]) {
        if ids.count == 1 {
            table = Self.one
            argument = .integer(ids[0])
        } else {
            table = Self.many
            argument = .text(Self.jsonArray(ids))
        }
    }

    /// The table of one id.
    static let one = "(SELECT ? AS wanted_id)"
    /// The table of a JSON array of ids (a subquery, so that none of `json_each`'s own
    /// columns, `id` and `value` among them, can be confused with the joined table's).
    static let many = "(SELECT value AS wanted_id FROM json_each(?))"

    /// `[1,2,3]`, written as bytes: joining `String(id)`s cost about 700 instructions an
    /// id, more than SQLite's seek of it.
    static func jsonArray(_ ids: [Int64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + ids.count * 8)
        bytes.append(UInt8(ascii: "["))
        for (index, id) in ids.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendDecimal(id, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A statement that joins through ids as a table (`SQLIDTable`), its texts made once (a
/// static constant beside the code that runs it) rather than on every run: the first `%@`
/// filled for one id and for many. Filling it on every run cost about a thousand
/// instructions a statement, and hashing the new text to find its prepared statement more.
struct IDJoinQuery: Sendable {
    /// The SQL for one id, in its parameter for the ids.
    let one: String
    /// The SQL for many, as a JSON array in that parameter.
    let many: String
    private let oneSlot = StatementSlot()
    private let manySlot = StatementSlot()

    /// `sql` with its first `%@` the ids' table.
    init(_ sql: String) {
        one = sql.replacingFirstSlot(with: SQLIDTable.one)
        many = sql.replacingFirstSlot(with: SQLIDTable.many)
    }

    /// The SQL for `ids` (distinct, not empty).
    func sql(for ids: [Int64]) -> String { ids.count == 1 ? one : many }

    /// The slot of the SQL for `ids`.
    func slot(for ids: [Int64]) -> StatementSlot { ids.count == 1 ? oneSlot : manySlot }
}
