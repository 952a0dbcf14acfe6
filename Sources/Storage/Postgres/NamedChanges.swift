/// What one PostgreSQL commit changed, by name: the form the change capture collects it in
/// and the notification carries, so an instance of another version (whose catalog numbers
/// tables differently) reads it right. `changeSet(in:)` turns it into the caches' numbers.
struct NamedChanges: Equatable, Sendable {
    /// A table's changed columns; nil when rows were inserted or deleted (every column).
    var tables: [String: Set<String>?] = [:]
    /// Changed rows' key values, before and after: (table, column, value).
    var keys: Set<Key> = []
    /// Anything may have changed.
    var isEverything = false

    struct Key: Hashable, Sendable {
        let table: String
        let column: String
        let value: Int64
    }

    /// A change that may have touched everything.
    static var everything: NamedChanges {
        var changes = NamedChanges()
        changes.isEverything = true
        return changes
    }

    /// Whether nothing changed.
    var isEmpty: Bool { !isEverything && tables.isEmpty }

    /// Whether `table` (or anything) changed.
    func touches(_ table: String) -> Bool { isEverything || tables[table] != nil }

    /// Adds one noted row: its table, the columns an update changed (comma-separated; nil
    /// for an insert or delete) and its keys as `column=value` pairs.
    mutating func note(table: String, columns: String?, keys: String) {
        if let columns {
            let named = Set(columns.split(separator: ",").map(String.init))
            if case .some(.some(let known)) = tables[table] {
                tables[table] = known.union(named)
            } else if tables[table] == nil {
                tables[table] = named
            }
        } else {
            tables[table] = .some(nil)
        }
        for pair in keys.split(separator: ",") {
            guard let equals = pair.firstIndex(of: "="), let value = Int64(pair[pair.index(after: equals)...])
            else { continue }
            self.keys.insert(Key(table: table, column: String(pair[..<equals]), value: value))
        }
    }

    /// The numbered change set of `catalog`: a table it does not name makes it
    /// `everything`; key values of columns it does not count as keys are left out (a read
    /// never names its rows by them).
    func changeSet(in catalog: DataCatalog?) -> ChangeSet {
        guard !isEverything, let catalog else { return isEmpty ? ChangeSet() : .everything }
        let known = keys.filter { key in
            catalog.table(named: key.table).flatMap { catalog.keyColumn(key.column, of: $0) } != nil
        }
        return ChangeSet(
            catalog: catalog, tables: tables.mapValues { $0.map { Array($0) } },
            keys: known.map { ($0.table, $0.column, $0.value) })
    }

    // MARK: The notification

    /// The most bytes a payload may have; PostgreSQL refuses 8000 and more.
    static let payloadLimit = 7900

    /// The notification's text: the sending instance on the first line, then `*` for
    /// everything, or a line per table (`t table col,col` or `t table *`) and per key column
    /// (`k table column v,v`).
    func payload(instance: String) -> String {
        var text = instance + "\n"
        if isEverything { return text + "*\n" }
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            text += "t \(table) " + (columns.map { $0.sorted().joined(separator: ",") } ?? "*") + "\n"
        }
        let grouped = Dictionary(grouping: keys) { "\($0.table) \($0.column)" }
        for (name, values) in grouped.sorted(by: { $0.key < $1.key }) {
            text += "k \(name) " + values.map { String($0.value) }.sorted().joined(separator: ",") + "\n"
        }
        return text
    }

    /// Reads a payload: the sending instance and what changed. A payload that is not one
    /// (an operator's `NOTIFY`, the trigger's `*`) counts as everything from no instance.
    init(payload: String) {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2, !lines[0].isEmpty, lines[0] != "*" else {
            self = .everything
            return
        }
        sender = lines[0]
        for line in lines.dropFirst() where !line.isEmpty {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("*", 1):
                isEverything = true
            case ("t", 3):
                if fields[2] == "*" { tables[fields[1]] = .some(nil) } else { note(table: fields[1], columns: fields[2], keys: "") }
            case ("k", 4):
                for value in fields[3].split(separator: ",") {
                    guard let number = Int64(value) else { continue }
                    keys.insert(Key(table: fields[1], column: fields[2], value: number))
                }
            default:
                isEverything = true
            }
        }
    }

    /// The instance that sent the payload this was read from (nil: none, or not read).
    private(set) var sender: String?

    init() {}
}
