import Foundation

/// How many rows a scale seed wrote.
public struct SeedSummary: Sendable, Hashable {
    /// How many users were written.
    public var users: Int
    /// How many recipes were written.
    public var recipes: Int
    /// How many dishes were written.
    public var dishes: Int
    /// How many comments were written.
    public var comments: Int
    /// How many goods were written.
    public var goods: Int
}

extension DemoData {
    /// How many recipes one write transaction inserts during a scale seed.
    static let seedBatch = 5_000

    /// Adds a generated data set of `scale` recipes for benchmarks: `scale / 10` users (at
    /// least 10) who follow 10 others each, recipes with 4–7 ingredients and 3–5 steps,
    /// `scale / 2` dishes with photos, tags and likes, `scale` comments (some with
    /// @mentions), collections, and `scale / 20` goods in `scale / 500` shops (at least 4).
    ///
    /// Rows are appended after whatever the database holds (the demo set, say). Inserts run
    /// in transactions of `seedBatch` recipes with prepared statements; the search index is
    /// built afterwards in one statement per table. Every generated user signs in with
    /// `DemoData.password` (hashed once, at the hasher's cost). `progress(done, total)`
    /// reports recipes written. The content is deterministic.
    @discardableResult
    public static func seed(
        database: Database, scale: Int, hasher: PasswordHasher = PasswordHasher(cost: .minimum),
        now: Date = Date(), progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> SeedSummary {
        guard scale > 0 else {
            return SeedSummary(users: 0, recipes: 0, dishes: 0, comments: 0, goods: 0)
        }
        let passwordHash = try hasher.hash(password)
        var random = SeededRandom(seed: 0x4B49_5443_4845_4E)
        let plan = try database.write { c in try ScalePlan(scale: scale, now: now, c) }
        try database.write { c in
            try plan.insertUsers(passwordHash: passwordHash, random: &random, c)
            try plan.insertMarket(random: &random, c)
        }
        progress(0, scale)
        var done = 0
        while done < scale {
            let end = min(done + seedBatch, scale)
            try database.write { c in
                try plan.insertRecipes(done..<end, random: &random, c)
            }
            done = end
            progress(done, scale)
        }
        try database.write { c in try plan.buildSearchIndex(c) }
        try database.checkpoint()
        return SeedSummary(
            users: plan.users, recipes: scale, dishes: (scale + 1) / 2, comments: scale,
            goods: plan.goods)
    }
}
