import Foundation

extension PostgresDatabase {
    /// The tables a Kitchen database holds, parents before children: what
    /// `importRows(from:)` copies. SQLite's full-text tables are not among them: the
    /// PostgreSQL search rows are written again from the recipes and users.
    static let importedTables = [
        "kitchen_secrets", "users", "auth_tokens", "follows", "settings", "sign_in_failures",
        "recipes", "recipe_ingredients", "recipe_steps", "collections", "drafts", "draft_steps",
        "draft_ingredients", "dishes", "dish_photos", "dish_tags", "dish_likes", "forums", "topics",
        "comments", "comment_mentions", "search_history", "search_log", "curated_keywords", "shops",
        "goods", "goods_images", "goods_attributes", "kinds", "reviews", "review_photos", "cart_items",
        "addresses", "orders", "order_shops", "order_lines", "basket_recipes", "basket_purchases",
        "lunch_menu_items", "app_releases", "onboarding_pages", "meta", "media", "events",
    ]

    /// Copies every row of a SQLite Kitchen database into this one, which must hold no users
    /// yet, in one transaction: ids are kept (and each identity continues after the largest),
    /// booleans and bytes are converted by the target column's type, like counts and the
    /// search rows are computed again, and the tables are analyzed. Returns the rows
    /// copied per table.
    ///
    /// `kitchen migrate-data` runs it; so does the demo data set, which is made once on a
    /// throwaway SQLite file and copied, so both stores serve the same demo.
    public func importRows(from source: Database) throws -> [(table: String, rows: Int)] {
        try write { c in
            guard try Self.hasNoUsers(c) else {
                throw PostgresError.misuse("the target database has users already; import into an empty one")
            }
            var copied: [(table: String, rows: Int)] = []
            for table in Self.importedTables {
                let columns = try c.query(
                    """
                    SELECT column_name, data_type FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
                    """, table) { (name: $0.string(0), type: $0.string(1)) }
                let sourceColumns = try source.read { s in
                    try s.query("SELECT name FROM pragma_table_info(?)", table) { $0.string(0) }
                }
                let shared = columns.filter { sourceColumns.contains($0.name) }
                guard !shared.isEmpty else { continue }
                let names = shared.map(\.name).joined(separator: ", ")
                let insert = "INSERT INTO \(table) (\(names)) VALUES ("
                    + shared.indices.map { "$\($0 + 1)" }.joined(separator: ", ") + ")"
                var count = 0
                try source.read { s in
                    try s.forEachRow("SELECT \(names) FROM \(table)") { row in
                        let values = shared.enumerated().map { index, column in
                            Self.converted(row.value(index), to: column.type)
                        }
                        try c.execute(insert, arguments: values)
                        count += 1
                    }
                }
                if shared.contains(where: { $0.name == "id" }) {
                    try c.execute(
                        "SELECT setval(pg_get_serial_sequence($1, 'id'), greatest(coalesce(max(id), 0), 1), max(id) IS NOT NULL) FROM \(table)",
                        table)
                }
                copied.append((table, count))
            }
            // The kept counts, counted again: the rows copied brought the source's counts,
            // and the triggers added one for every like and comment copied after them.
            try c.execute(
                "UPDATE dishes SET likes_count = (SELECT count(*) FROM dish_likes l WHERE l.dish_id = dishes.id)")
            try c.executeScript(PostgresSchema.countComments)
            try reindexSearch(c)
            // Statistics for the planner now, not when autovacuum comes round: a table it
            // believes empty gets the plans of an empty table. Only this schema's tables: a
            // bare ANALYZE would lock every schema's, and deadlock with a migration there.
            let search = ["recipe_search", "user_search", "recipe_search_terms", "user_search_terms"]
            try c.runControl("ANALYZE " + (Self.importedTables + search).joined(separator: ", "))
            return copied
        }
    }

    /// Whether the database holds no users yet: what `importRows(from:)` copies into (and
    /// `kitchen seed` checks before it generates anything).
    public func isEmpty() throws -> Bool {
        try read { c in try Self.hasNoUsers(c) }
    }

    private static func hasNoUsers(_ c: PostgresConnection) throws -> Bool {
        try c.queryFirst("SELECT count(*) FROM users", row: { $0.int(0) }) == 0
    }

    /// A SQLite value as the PostgreSQL column of `type` takes it.
    static func converted(_ value: SQLValue, to type: String) -> PostgresValue {
        switch value {
        case .null: .null
        case .integer(let number): type == "boolean" ? .boolean(number != 0) : .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .bytes(bytes)
        }
    }

    /// Writes every recipe's and user's search row from their tables.
    private func reindexSearch(_ c: PostgresConnection) throws {
        let users = try c.query("SELECT id, name, username FROM users") { ($0.int64(0), $0.string(1), $0.string(2)) }
        for (id, name, username) in users { try PostgresSearch.index(userID: id, name: name, username: username, c) }
        let ingredients = try c.query("SELECT recipe_id, name FROM recipe_ingredients ORDER BY recipe_id, position") {
            ($0.int64(0), $0.string(1))
        }
        let byRecipe = grouped(ingredients)
        let recipes = try c.query("SELECT id, name, description FROM recipes") {
            ($0.int64(0), $0.string(1), $0.optionalString(2))
        }
        for (id, name, description) in recipes {
            try PostgresSearch.index(
                recipeID: id, name: name, ingredients: byRecipe[id] ?? [], description: description, c)
        }
    }
}

/// The demo data set on PostgreSQL: made by `DemoData` on a throwaway SQLite file, then
/// copied in with `importRows(from:)`, so both stores serve exactly the same demo.
enum PostgresDemoData {
    static func install(_ database: PostgresDatabase, hasher: PasswordHasher, now: Date) throws -> Bool {
        guard try database.isEmpty() else { return false }
        try database.importing { source in _ = try DemoData.install(database: source, hasher: hasher, now: now) }
        return true
    }
}

extension PostgresDatabase {
    /// Lets `fill` write a fresh SQLite Kitchen database in a temporary directory, then
    /// copies its rows in (`importRows(from:)`) and removes it: how data made by SQLite
    /// code (the demo set, the scale seed) reaches PostgreSQL unchanged.
    func importing<T>(_ fill: (Database) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Database.open(
            path: directory.appendingPathComponent("import.sqlite").path, migrations: DomainMigrations.all)
        defer { source.close() }
        let value = try fill(source)
        _ = try importRows(from: source)
        return value
    }
}
