extension Database {
    /// A server secret kept in the database, made with secure random bytes on first use.
    ///
    /// Secrets live in the `kitchen_secrets` table (created when the database opens, outside
    /// the numbered migrations) rather than in a file beside it: every server behind a load
    /// balancer reads the same one, and a backup of the database restores sessions along
    /// with it. The token digest key is `secret(named: "token-digest-key")`.
    public func secret(named name: String, byteCount: Int = 32) throws -> [UInt8] {
        try write { c in
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
