/// A variable-length list bound as `IN (?,?,…)`: the placeholders and their arguments.
///
/// `let ids = SQLList(userIDs)` then
/// `c.query("SELECT id, name FROM users WHERE id IN (\(ids.placeholders))", arguments: ids.arguments)`.
/// The count is rounded up to a few sizes (1–4, then powers of two, then multiples of 1024) by
/// repeating the last value, which `IN` ignores; so a batch of 37 ids and one of 60 share one
/// prepared statement, and the statement cache stays small. An empty list binds `NULL`, which
/// matches nothing. SQLite copies the list into a temporary index on every run, as it does
/// for `IN (SELECT value FROM json_each(?))`; lookups that seek each id — by primary key
/// (`Connection.rows(byID:)`), a parent's children, counts per id — join through the ids
/// as a table instead (`SQLIDTable`), which needs no such index.
/// SQLite allows at most 32766 parameters in one statement; split larger batches.
public struct SQLList: Sendable {
    /// The text to put between the parentheses of `IN (…)`: `?,?,?` or `NULL`.
    public let placeholders: String
    /// The values, padded to the placeholder count.
    public let arguments: [SQLValue]

    /// Makes the list from any values that bind (ids, names, …).
    ///
    /// Inlinable so the conversion loop is specialized for the caller's element type.
    @inlinable
    public init<Values: Collection>(_ values: Values) where Values.Element: SQLBindable {
        self.init(values: values.map(\.sqlValue))
    }

    /// Makes the list from values already converted.
    @usableFromInline
    init(values: [SQLValue]) {
        var arguments = values
        guard let last = arguments.last else {
            self.placeholders = "NULL"
            self.arguments = []
            return
        }
        let size = Self.roundedSize(arguments.count)
        arguments.reserveCapacity(size)
        arguments.append(contentsOf: repeatElement(last, count: size - arguments.count))
        self.arguments = arguments
        self.placeholders =
            size <= 1024 ? Self.commonPlaceholders[Self.bucket(size)] : Self.placeholderText(size)
    }

    /// The placeholder texts for sizes 1, 2, 3, 4, 8, 16, … 1024, made once.
    private static let commonPlaceholders: [String] =
        [1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 1024].map(placeholderText)

    /// The index in `commonPlaceholders` of a rounded size up to 1024.
    private static func bucket(_ size: Int) -> Int {
        size <= 4 ? size - 1 : 3 + (Int.bitWidth - 1 - size.leadingZeroBitCount) - 2
    }

    /// The sizes lists are rounded up to: exact to 4, then powers of two to 1024, then
    /// multiples of 1024.
    static func roundedSize(_ count: Int) -> Int {
        if count <= 4 { return count }
        if count > 1024 { return (count + 1023) / 1024 * 1024 }
        var size = 8
        while size < count { size *= 2 }
        return size
    }

    private static func placeholderText(_ count: Int) -> String {
        var text = "?"
        text.reserveCapacity(count * 2)
        for _ in 1..<count { text += ",?" }
        return text
    }
}
