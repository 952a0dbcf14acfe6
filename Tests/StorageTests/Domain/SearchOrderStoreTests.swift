import Foundation
import Testing

@testable import Storage

/// The order of search results: where the keywords are found decides the tier (name, then
/// ingredients, then description), and within a tier the newest recipe comes first.
@Suite("Search order")
struct SearchOrderStoreTests {
    let db: TestStore
    let cook: User

    init() throws {
        db = try TestStore()
        cook = try db.user("cook")
    }

    func recipe(_ name: String, _ ingredients: [String] = [], _ description: String? = nil) throws -> Int64 {
        try db.recipe(
            name, by: cook, ingredients: ingredients.map { Ingredient(name: $0, amount: "适量") },
            description: description
        ).id
    }

    func found(_ keyword: String, first: Int = 20) throws -> [Int64] {
        try db.search.searchRecipes(keyword: keyword, page: PageRequest(first: first)).nodes
    }

    /// Every result, fetched `first` at a time by following the cursors.
    func paged(_ keyword: String, first: Int) throws -> [Int64] {
        var all: [Int64] = []
        var cursor: Cursor?
        for _ in 0..<50 {
            let page = try db.search.searchRecipes(keyword: keyword, page: PageRequest(first: first, cursor: cursor))
            all += page.nodes
            guard page.hasNextPage, let last = page.edges.last else { return all }
            cursor = last.cursor
        }
        Issue.record("paging did not end")
        return all
    }

    @Test("name matches come first, then ingredients, then the description; newest first in each")
    func tiers() throws {
        let shortName = try recipe("鸡蛋羹", ["温水"])
        let inDescription = try recipe("早餐", ["面粉"], "配一个鸡蛋更好")
        let inIngredients = try recipe("葱油饼", ["鸡蛋", "面粉"])
        let longName = try recipe("西红柿炒鸡蛋配葱花和一碗米饭", ["番茄"])
        _ = try recipe("蛋炒饭", ["米饭"])  // 蛋 alone is not 鸡蛋
        let inIngredientsToo = try recipe("煎饼", ["鸡蛋"], "鸡蛋 in the description as well")
        // bm25 put the short name first; the tiers put the newer name match first.
        #expect(try found("鸡蛋") == [longName, shortName, inIngredientsToo, inIngredients, inDescription])
    }

    @Test("with several keywords a tier needs every keyword in its columns")
    func severalKeywords() throws {
        let bothInName = try recipe("番茄炒鸡蛋")
        let nameAndIngredient = try recipe("番茄汤", ["鸡蛋"])
        let nameAndDescription = try recipe("鸡蛋饼", ["面粉"], "加一点番茄酱")
        _ = try recipe("番茄沙拉", ["生菜"])  // one keyword only
        #expect(try found("番茄 鸡蛋") == [bothInName, nameAndIngredient, nameAndDescription])
        #expect(try found("鸡蛋 番茄") == [bothInName, nameAndIngredient, nameAndDescription])
    }

    @Test("pages of any size, across tiers, list the same results as one page")
    func pagingAcrossTiers() throws {
        for n in 0..<4 {
            _ = try recipe("鸡蛋\(n)")
            _ = try recipe("菜\(n)", ["鸡蛋"])
            _ = try recipe("汤\(n)", ["水"], "鸡蛋")
        }
        let all = try found("鸡蛋")
        #expect(all.count == 12)
        for size in [1, 2, 3, 4, 5, 11] {
            #expect(try paged("鸡蛋", first: size) == all, "pages of \(size)")
        }
    }

    @Test("a recipe published between two pages neither repeats nor shifts the later pages")
    func stablePages() throws {
        var names: [Int64] = []
        for n in 0..<4 { names.append(try recipe("鸡蛋\(n)")) }
        let inIngredients = try recipe("菜", ["鸡蛋"])
        let first = try db.search.searchRecipes(keyword: "鸡蛋", page: PageRequest(first: 2))
        #expect(first.nodes == [names[3], names[2]])
        _ = try recipe("鸡蛋 new")
        _ = try recipe("新菜", ["鸡蛋"])
        let rest = try db.search.searchRecipes(
            keyword: "鸡蛋", page: PageRequest(first: 20, cursor: first.edges.last!.cursor))
        #expect(rest.nodes.first == names[1])
        #expect(rest.nodes.count == 4)
        #expect(Set(rest.nodes).isDisjoint(with: first.nodes))
        #expect(rest.nodes.contains(inIngredients))
    }

    @Test("a cursor from another list is bad input; an empty page still says whether more follow")
    func cursors() throws {
        _ = try recipe("鸡蛋羹")
        _ = try recipe("蛋饼", ["鸡蛋"])
        let feedCursor = Cursor(key: 1_780_000_000_000, id: 3)
        #expect(throws: DomainError.self) {
            try db.search.searchRecipes(keyword: "鸡蛋", page: PageRequest(first: 5, cursor: feedCursor))
        }
        #expect(throws: DomainError.self) {
            try db.search.searchRecipes(keyword: "鸡蛋", page: PageRequest(first: 5, cursor: Cursor(key: -1, id: 3)))
        }
        let none = try db.search.searchRecipes(keyword: "鸡蛋", page: PageRequest(first: 0))
        #expect(none.nodes.isEmpty)
        #expect(none.hasNextPage)
    }

    @Test("users whose name matches come before those found by username")
    func users() throws {
        let byUsername = try db.users.createUser(username: "amy_cook", name: "Amy", passwordHash: "x")
        let byName = try db.users.createUser(username: "chef_b", name: "Cook Bo", passwordHash: "x")
        let newestByName = try db.users.createUser(username: "cy3", name: "Cook Cy", passwordHash: "x")
        let page = try db.search.searchUsers(keyword: "cook", page: PageRequest(first: 10))
        // The fixture's own user, named Cook, is the oldest name match.
        #expect(page.nodes == [newestByName.id, byName.id, cook.id, byUsername.id])
    }
}

@Suite("Search on SQLite")
struct SearchIndexTests {
    let db: TestDatabase

    init() throws {
        db = try TestDatabase()
        _ = try db.user("cook")
    }

    /// Publishes a recipe by the fixture's cook.
    func recipe(_ name: String, _ ingredients: [String] = []) throws -> Int64 {
        let cook = try #require(try db.users.user(username: "cook"))
        return try db.recipe(name, by: cook, ingredients: ingredients.map { Ingredient(name: $0, amount: "") }).id
    }

    @Test("the per-tier indexes are filled from the search rows written before them")
    func backfilled() throws {
        let old = try TestDatabase(migrations: Array(DomainMigrations.all.prefix(11)))
        try old.database.write { c in
            for (id, name, ingredients) in [(7, "鸡蛋羹", ""), (8, "早餐", "鸡蛋"), (9, "Amy", "")] {
                try c.execute(
                    "INSERT INTO recipe_search (rowid, name, ingredients, description) VALUES (?, ?, ?, '')",
                    id, FullText.indexable(name), FullText.indexable(ingredients))
            }
            try c.execute("INSERT INTO user_search (rowid, name, username) VALUES (3, 'Cook', 'amy')")
            try c.execute("INSERT INTO user_search (rowid, name, username) VALUES (4, 'Amy', 'bo')")
        }
        let upgraded = try Database.open(path: old.database.path, migrations: DomainMigrations.all)
        defer { upgraded.close() }
        let search = SearchRepository(database: upgraded)
        let recipes = try search.searchRecipes(keyword: "鸡蛋", page: PageRequest(first: 5))
        #expect(recipes.edges.map { [$0.cursor.key, $0.node] } == [[0, 7], [1, 8]])
        #expect(try search.searchUsers(keyword: "amy", page: PageRequest(first: 5)).nodes == [4, 3])
    }

    @Test("a keyword in many ingredients and one name: the name comes first, and only it is in the name index")
    func sparseNameTier() throws {
        for n in 0..<30 { _ = try recipe("菜\(n)", ["生抽"]) }
        let named = try recipe("生抽炒饭")
        let page = try db.search.searchRecipes(keyword: "生抽", page: PageRequest(first: 5))
        #expect(page.nodes.first == named)
        #expect(page.nodes.count == 5)
        let names = try db.database.read { c in
            try c.queryFirst("SELECT count(*) FROM recipe_name_search WHERE recipe_name_search MATCH '\"生 抽\"'") { $0.int(0) }
        }
        #expect(names == 1)
    }
}
