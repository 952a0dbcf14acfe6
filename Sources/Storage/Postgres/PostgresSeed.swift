import Foundation

extension PostgresDatabase {
    /// Fills this database, which must hold no users yet, with `DemoData.seed`'s generated
    /// set of `scale` recipes (the demo set first with `demo`): generated on a temporary
    /// SQLite file, then copied in one transaction by `importRows(from:)`, so both stores
    /// hold the same rows, ids included. `progress` reports the recipes generated.
    ///
    /// `kitchen seed --db postgres://…` runs it.
    public func seed(
        scale: Int, demo: Bool = false, hasher: PasswordHasher = PasswordHasher(cost: .minimum),
        demoHasher: PasswordHasher = PasswordHasher(), progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> SeedSummary {
        guard try isEmpty() else {
            throw PostgresError.misuse("the database has users already; seed an empty one (or a SQLite file)")
        }
        return try importing { source in
            if demo { try DemoData.install(database: source, hasher: demoHasher) }
            return try DemoData.seed(database: source, scale: scale, hasher: hasher, progress: progress)
        }
    }
}
