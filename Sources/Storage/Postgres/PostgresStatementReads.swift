import Foundation

/// What one statement reads, found once per statement text from PostgreSQL's own
/// description of it — the generic plan `EXPLAIN (VERBOSE)` shows — as SQLite's
/// authorizer finds it there: each table the plan scans, with the columns any node of the
/// plan uses of it (conditions, sort and group keys, outputs, the index that orders the
/// scan), and, where a scan's condition selects its rows by a key column equal to a
/// parameter (`id = $1`, `user_id = ANY ($1)`), that parameter, whose value names the rows.
struct PostgresStatementReads: Sendable {
    /// One scanned table.
    struct Scan: Sendable {
        let table: TableID
        let columns: ColumnSet
        /// The key column and the (zero-based) parameter whose values name the rows read.
        let key: (column: Int, parameter: Int)?
    }

    let scans: [Scan]
    /// The plan reads something the catalog does not name, or could not be described.
    let isUnbounded: Bool

    static let unbounded = PostgresStatementReads(scans: [], isUnbounded: true)

    /// Adds what a run of the statement with `arguments` read to `reads`.
    func record(into reads: inout ReadSet, arguments: [PostgresValue]) {
        if isUnbounded { reads.isUnbounded = true }
        for scan in scans {
            if let key = scan.key, key.parameter < arguments.count {
                switch arguments[key.parameter] {
                case .integer(let value):
                    reads.read(scan.table, column: key.column, value: value)
                    continue
                case .integers(let values):
                    for value in values { reads.read(scan.table, column: key.column, value: value) }
                    continue
                default: break
                }
            }
            reads.read(scan.table, columns: scan.columns)
        }
    }

    // MARK: Reading a plan

    /// The reads of the plan `EXPLAIN (VERBOSE, FORMAT JSON)` printed, numbered by `catalog`.
    init(plan json: String, catalog: PostgresCatalog) {
        guard let data = json.data(using: .utf8),
            let top = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]],
            let root = top.first?["Plan"] as? [String: Any]
        else {
            self = .unbounded
            return
        }
        var nodes: [[String: Any]] = []
        Self.collect(root, into: &nodes)
        let relations = nodes.filter { $0["Relation Name"] is String }
        var unbounded = false
        var aliases: [String: TableID] = [:]
        for node in relations {
            guard let table = catalog.catalog.table(named: node["Relation Name"] as? String ?? "") else {
                unbounded = true
                continue
            }
            aliases[node["Alias"] as? String ?? ""] = table
        }
        // Every column named anywhere in the plan, by alias; a plan of one table writes
        // its output columns without one.
        var used: [TableID: [String]] = [:]
        var whole: Set<TableID> = []
        let single = Set(aliases.values).count == 1 && relations.count == 1 ? aliases.values.first : nil
        for node in nodes {
            for (field, value) in node where !Self.structural.contains(field) {
                if field == "Output", node["Relation Name"] != nil,
                    ["Outer", "Inner"].contains(node["Parent Relationship"] as? String ?? "")
                {
                    continue  // a scan's output feeds its parent, which names what it uses
                }
                for text in Self.strings(value) {
                    for reference in PlanText.references(in: text) {
                        if let qualifier = reference.qualifier, let table = aliases[qualifier] {
                            if reference.name == "*" { whole.insert(table) } else { used[table, default: []].append(reference.name) }
                        } else if reference.qualifier == nil, let table = aliases[reference.name] {
                            whole.insert(table)  // a whole-row reference
                        } else if reference.qualifier == nil, let single {
                            used[single, default: []].append(reference.name)
                        }
                    }
                }
            }
        }
        // `unnest($n) AS u`: a scan joined on `u.u` reads the rows the list in $n names.
        var unnested: [String: Int] = [:]
        for node in nodes where node["Node Type"] as? String == "Function Scan" {
            guard let alias = node["Alias"] as? String, let call = node["Function Call"] as? String,
                call.hasPrefix("unnest("), let parameter = PlanText.parameterNumber(String(call.dropFirst(6)))
            else { continue }
            unnested[alias] = parameter
        }
        var scans: [Scan] = []
        for node in relations {
            guard let name = node["Relation Name"] as? String, let table = catalog.catalog.table(named: name) else { continue }
            let alias = node["Alias"] as? String ?? name
            var columns = whole.contains(table) ? ColumnSet.all : catalog.catalog[table].columnSet(named: used[table] ?? [])
            let type = node["Node Type"] as? String ?? ""
            if type == "Index Scan" || type == "Index Only Scan", let index = node["Index Name"] as? String {
                columns.formUnion(catalog.indexes[index]?.columns ?? .all)
            }
            let conditions = ["Index Cond", "Recheck Cond", "Filter", "TID Cond"].compactMap { node[$0] as? String }
            let key = conditions.lazy.flatMap { PlanText.keyParameters(in: $0, alias: alias, unnested: unnested) }
                .compactMap { found in
                    catalog.catalog.keyColumn(found.column, of: table).map { (column: $0, parameter: found.parameter) }
                }
                .first
            scans.append(Scan(table: table, columns: columns, key: key))
        }
        self.init(scans: scans, isUnbounded: unbounded)
    }

    init(scans: [Scan], isUnbounded: Bool) {
        self.scans = scans
        self.isUnbounded = isUnbounded
    }

    /// Fields of a plan node that name things rather than use columns.
    private static let structural: Set<String> = [
        "Node Type", "Parent Relationship", "Relation Name", "Schema", "Alias", "Index Name",
        "Strategy", "Partial Mode", "Join Type", "Scan Direction", "Subplan Name", "CTE Name",
        "Function Name", "Operation", "Command", "Plans",
    ]

    /// The plan's nodes, depth first.
    private static func collect(_ node: [String: Any], into nodes: inout [[String: Any]]) {
        nodes.append(node)
        for child in node["Plans"] as? [[String: Any]] ?? [] { collect(child, into: &nodes) }
    }

    /// The strings of a field's value (a string, or a list of them).
    private static func strings(_ value: Any) -> [String] {
        if let text = value as? String { return [text] }
        if let list = value as? [Any] { return list.compactMap { $0 as? String } }
        return []
    }
}
