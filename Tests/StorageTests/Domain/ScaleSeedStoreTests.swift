import Foundation
import Testing

@testable import Storage

@Suite("Scale seed")
struct ScaleSeedStoreTests {
    let db: TestStore
    let hasher = PasswordHasher(cost: .minimum)

    init() throws { db = try TestStore() }

    /// Seeds the store as `kitchen seed` does: on SQLite in place, on PostgreSQL through a
    /// temporary SQLite file copied in; progress reports collected.
    func seed(scale: Int, demo: Bool = false, progress: (Int, Int) -> Void = { _, _ in }) throws -> SeedSummary {
        if let postgres = db.postgresDatabase {
            return try postgres.seed(scale: scale, demo: demo, hasher: hasher, demoHasher: hasher, progress: progress)
        }
        let database = db.sqliteDatabase!.database
        if demo { try DemoData.install(database: database, hasher: hasher) }
        return try DemoData.seed(database: database, scale: scale, hasher: hasher, progress: progress)
    }

    @Test("a scale seed writes the promised rows on top of the demo set and indexes them")
    func seed() throws {
        var reports: [(Int, Int)] = []
        let summary = try seed(scale: 1200, demo: true) { reports.append(($0, $1)) }
        #expect(summary == SeedSummary(users: 120, recipes: 1200, dishes: 600, comments: 1200, goods: 60))
        #expect(reports.first! == (0, 1200))
        #expect(reports.last! == (1200, 1200))
        #expect(try db.recipes.recipesCount() == 1200 + DemoData.recipes.count)
        #expect(try db.rows("recipe_search") == 1200 + DemoData.recipes.count)
        #expect(try db.search.recipeMatchesCount(keyword: "鸡蛋") > 50)
        let user = try #require(try db.users.user(username: "u9_0"))
        #expect(hasher.verify(DemoData.password, against: try #require(try db.users.credentials(username: user.username)).passwordHash))
        let page = try db.recipes.recipes(page: PageRequest(first: 100))
        #expect(page.nodes.count == 100 && page.hasNextPage)
        #expect(try db.rows("comment_mentions") > 200)
    }

    @Test("a second seed appends on SQLite; PostgreSQL, seeded by a copy, refuses a filled database and keeps it")
    func twice() throws {
        _ = try seed(scale: 100)
        if db.kind == .postgres {
            #expect(throws: PostgresError.self) { _ = try seed(scale: 100) }
            #expect(try db.recipes.recipesCount() == 100)
        } else {
            _ = try seed(scale: 100)
            #expect(try db.recipes.recipesCount() == 200)
        }
    }

    @Test("both stores get the same rows from the same seed")
    func sameRows() throws {
        _ = try seed(scale: 60)
        let reference = try TestDatabase()
        try DemoData.seed(database: reference.database, scale: 60, hasher: hasher)
        let here = try db.recipes.recipes(page: PageRequest(first: 100)).nodes
        let there = try reference.recipes.recipes(page: PageRequest(first: 100)).nodes
        #expect(here.map(\.id) == there.map(\.id))
        #expect(here.map(\.name) == there.map(\.name))
        #expect(try db.rows("dishes") == reference.database.read { c in try c.queryFirst("SELECT count(*) FROM dishes") { $0.int(0) } })
    }
}
