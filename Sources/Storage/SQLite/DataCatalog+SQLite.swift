extension DataCatalog {
    /// The suffixes of the tables a full-text index keeps its data in (`recipe_search_data`, …).
    private static let shadowSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"]

    /// The catalog of the schema `c` sees: every table of `sqlite_master` with the columns
    /// `PRAGMA table_info` lists, a full-text index's hidden tables counting their changes
    /// for the index itself.
    static func read(_ c: Connection) throws -> DataCatalog {
        let listed = try c.query("SELECT name, coalesce(sql, '') FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            (name: $0.string(0), sql: $0.string(1))
        }
        let virtual = Set(listed.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }.map { $0.name.lowercased() })
        let ids = Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1.name.lowercased(), TableID(index: Int32($0))) })
        let tables = try listed.map { entry -> Table in
            let columns = try c.query("SELECT name, upper(type), pk FROM pragma_table_info(?)", entry.name) {
                (name: $0.string(0), type: $0.string(1), pk: $0.int(2))
            }
            let keyed = columns.filter { $0.pk > 0 }
            let withoutRowid = entry.sql.uppercased().contains("WITHOUT ROWID")
            let rowid = keyed.count == 1 && keyed[0].type == "INTEGER" && !withoutRowid
                ? columns.firstIndex { $0.pk > 0 } : nil
            let name = entry.name.lowercased()
            let owner = Self.shadowSuffixes.lazy.compactMap { suffix -> TableID? in
                guard name.hasSuffix(suffix) else { return nil }
                let base = String(name.dropLast(suffix.count))
                return virtual.contains(base) ? ids[base] : nil
            }.first
            return Table(name: entry.name, columns: columns.map(\.name), rowidColumn: rowid, changesCountFor: owner)
        }
        return DataCatalog(tables: tables)
    }
}
