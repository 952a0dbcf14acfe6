import Foundation
import Testing

@testable import Storage

@Suite("Scale seed")
struct ScaleSeedTests {
    @Test("a scale seed writes the promised rows on top of the demo set and indexes them")
    func seed() throws {
        let db = try TestDatabase()
        let hasher = PasswordHasher(cost: .minimum)
        try DemoData.install(database: db.database, hasher: hasher)
        var reports: [(Int, Int)] = []
        let summary = try DemoData.seed(database: db.database, scale: 1200, hasher: hasher) {
            reports.append(($0, $1))
        }
        #expect(summary == SeedSummary(users: 120, recipes: 1200, dishes: 600, comments: 1200, goods: 60))
        #expect(reports.first! == (0, 1200))
        #expect(reports.last! == (1200, 1200))
        #expect(try db.recipes.recipesCount() == 1200 + DemoData.recipes.count)
        let indexed = try db.database.read { c in
            try c.queryFirst("SELECT count(*) FROM recipe_search") { $0.int(0) } ?? 0
        }
        #expect(indexed == 1200 + DemoData.recipes.count)
        #expect(try db.search.recipeMatchesCount(keyword: "鸡蛋") > 50)
        let user = try #require(try db.users.user(username: "u9_0"))
        #expect(hasher.verify(DemoData.password, against: try #require(try db.users.credentials(username: user.username)).passwordHash))
        let page = try db.recipes.recipes(page: PageRequest(first: 100))
        #expect(page.nodes.count == 100 && page.hasNextPage)
        let mentions = try db.database.read { c in
            try c.queryFirst("SELECT count(*) FROM comment_mentions") { $0.int(0) } ?? 0
        }
        #expect(mentions > 200)
    }

    @Test("two seeds in a row append rather than collide")
    func twice() throws {
        let db = try TestDatabase()
        let hasher = PasswordHasher(cost: .minimum)
        try DemoData.seed(database: db.database, scale: 100, hasher: hasher)
        try DemoData.seed(database: db.database, scale: 100, hasher: hasher)
        #expect(try db.recipes.recipesCount() == 200)
    }
}
