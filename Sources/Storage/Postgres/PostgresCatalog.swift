/// The PostgreSQL schema as the caches number it: the `DataCatalog` (every table of the
/// schema with its columns in order; a single-column integer primary key is the table's
/// row key, as `INTEGER PRIMARY KEY` is on SQLite) and, for describing reads, which
/// columns each index orders and finds rows by.
struct PostgresCatalog: Sendable {
    let catalog: DataCatalog
    /// Each index's table and the columns it depends on (every column, for an index on
    /// expressions or with a predicate, whose columns the plan may not mention).
    let indexes: [String: (table: TableID, columns: ColumnSet)]

    /// Reads the catalog of the schema `c` works in.
    static func read(_ c: PostgresConnection) throws -> PostgresCatalog {
        let columns = try c.plumbing("""
            SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
                AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum
            """)
        let keys = try c.plumbing("""
            SELECT c.relname, a.attname FROM pg_index i
            JOIN pg_class c ON c.oid = i.indrelid
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
            WHERE c.relnamespace = current_schema()::regnamespace AND i.indisprimary AND i.indnatts = 1
                AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)
            """)
        let rowKeys = Dictionary(keys.map { ($0[0] ?? "", $0[1] ?? "") }, uniquingKeysWith: { a, _ in a })
        var names: [String] = []
        var columnsByTable: [String: [String]] = [:]
        for row in columns {
            let table = row[0] ?? ""
            if columnsByTable[table] == nil { names.append(table) }
            columnsByTable[table, default: []].append(row[1] ?? "")
        }
        let catalog = DataCatalog(tables: names.map { name in
            let list = columnsByTable[name] ?? []
            return DataCatalog.Table(name: name, columns: list, rowidColumn: rowKeys[name].flatMap { list.firstIndex(of: $0) })
        })
        let indexRows = try c.plumbing("""
            SELECT x.relname, c.relname,
                (SELECT string_agg(a.attname, ',') FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum = ANY (i.indkey::int2[]) AND a.attnum > 0),
                i.indexprs IS NOT NULL OR i.indpred IS NOT NULL
            FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid
            WHERE c.relnamespace = current_schema()::regnamespace
            """)
        var indexes: [String: (table: TableID, columns: ColumnSet)] = [:]
        for row in indexRows {
            guard let table = catalog.table(named: row[1] ?? "") else { continue }
            let columns = row[3] == "t"
                ? ColumnSet.all
                : catalog[table].columnSet(named: (row[2] ?? "").split(separator: ",").map(String.init))
            indexes[row[0] ?? ""] = (table, columns)
        }
        return PostgresCatalog(catalog: catalog, indexes: indexes)
    }
}
