extension Database {
    /// A server secret kept in the database, made with secure random bytes on first use.
    ///
    /// Secrets live in the `kitchen_secrets` table (created here on first use, outside the
    /// numbered migrations, so any schema can have them) rather than in a file beside it:
    /// every server behind a load balancer reads the same one, and a backup of the database
    /// restores sessions along with it. The token digest key is
    /// `secret(named: "token-digest-key")`. A deployment that wants the key apart from the
    /// data can hand `TokenGenerator` a key from elsewhere instead.
    public func secret(named name: String, byteCount: Int = 32) throws -> [UInt8] {
        try write { c in
            try c.execute(
                """
                CREATE TABLE IF NOT EXISTS kitchen_secrets (
                    name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID
                """)
            let select = "SELECT value FROM kitchen_secrets WHERE name = ?"
            if let stored = try c.queryFirst(select, name, row: { $0.blob(0) }) {
                // Replacing it would silently invalidate everything made with it.
                guard stored.count == byteCount else {
                    throw SQLiteError.misuse(
                        "secret \(name) has \(stored.count) bytes, not \(byteCount)")
                }
                return stored
            }
            let fresh = try SecureRandom.bytes(byteCount)
            try c.execute(
                "INSERT INTO kitchen_secrets (name, value) VALUES (?, ?)",
                name, SQLBlob(fresh))
            return fresh
        }
    }
}
