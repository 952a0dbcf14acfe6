import Foundation

/// A schema of its own in a PostgreSQL database, dropped with everything in it when no
/// longer wanted: what tests (and tools that want a throwaway database) open Kitchen on,
/// so that many run side by side in one database without seeing each other's rows.
final class PostgresScratchSchema: Sendable {
    /// The database's connection string.
    let base: String
    /// The schema's name.
    let name: String
    /// A connection string whose `search_path` is the schema: open Kitchen on it.
    let url: String

    /// Creates a fresh, empty schema in the database at `base`.
    init(in base: String) throws {
        self.base = base
        name = "scratch_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(url: base)
        defer { admin.close() }
        try admin.runControl("CREATE SCHEMA \(name)")
        url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(name)"
    }

    /// Drops the schema and everything in it.
    func drop() {
        guard let admin = try? PostgresConnection(url: base) else { return }
        try? admin.runControl("DROP SCHEMA IF EXISTS \(name) CASCADE")
        admin.close()
    }
}
