import Foundation
import Testing

@testable import Storage

@Suite("Search")
struct SearchStoreTests {
    let db: TestStore
    let ids: [String: Int64]

    init() throws {
        db = try TestStore()
        let cook = try db.user("cook")
        var ids: [String: Int64] = [:]
        for (name, ingredients, description) in [
            ("红烧排骨", ["排骨", "冰糖", "生抽"], "经典家常菜 braised pork ribs"),
            ("番茄炒鸡蛋 Tomato and egg", ["鸡蛋", "番茄"], "Scrambled eggs with tomatoes"),
            ("鸡蛋羹", ["鸡蛋", "温水"], "Steamed egg custard"),
            ("红烧肉", ["五花肉", "冰糖"], "Braised pork belly"),
            ("Pancakes", ["flour", "milk", "egg"], "Fluffy breakfast"),
        ] {
            ids[name] = try db.recipe(
                name, by: cook, ingredients: ingredients.map { Ingredient(name: $0, amount: "适量") },
                description: description
            ).id
        }
        self.ids = ids
    }

    func found(_ keyword: String) throws -> [Int64] {
        try db.search.searchRecipes(keyword: keyword, page: PageRequest(first: 20)).nodes
    }

    @Test("a two-character Chinese word finds recipes containing it")
    func twoCharacterWords() throws {
        #expect(Set(try found("红烧")) == [ids["红烧排骨"]!, ids["红烧肉"]!])
        #expect(try found("排骨") == [ids["红烧排骨"]!])
        #expect(Set(try found("鸡蛋")) == [ids["番茄炒鸡蛋 Tomato and egg"]!, ids["鸡蛋羹"]!])
    }

    @Test("a longer Chinese word needs its characters adjacent")
    func phrases() throws {
        #expect(try found("红烧排骨") == [ids["红烧排骨"]!])
        #expect(try found("排骨红烧").isEmpty)
    }

    @Test("a single Chinese character finds words starting or ending with it")
    func singleCharacter() throws {
        #expect(try found("羹") == [ids["鸡蛋羹"]!])
    }

    @Test("an English word finds its plural, ranking a name match above others")
    func english() throws {
        let results = try found("egg")
        #expect(Set(results) == [ids["番茄炒鸡蛋 Tomato and egg"]!, ids["鸡蛋羹"]!, ids["Pancakes"]!])
        #expect(results.first == ids["番茄炒鸡蛋 Tomato and egg"]!)
        #expect(try db.search.recipeMatchesCount(keyword: "eggs") == 3)
    }

    @Test("pages of results follow one another without repeats")
    func paging() throws {
        let first = try db.search.searchRecipes(keyword: "egg", page: PageRequest(first: 2))
        #expect(first.hasNextPage)
        let second = try db.search.searchRecipes(
            keyword: "egg", page: PageRequest(first: 2, cursor: first.edges.last!.cursor))
        #expect(!second.hasNextPage)
        #expect(first.nodes + second.nodes == (try found("egg")))
    }

    @Test("a blank keyword is bad input, punctuation finds nothing, quotes are text")
    func oddKeywords() throws {
        #expect(throws: DomainError.self) { try found("  ") }
        #expect(try found("!!!").isEmpty)
        #expect(try found("\"egg").count == 3)
        #expect(try found("egg OR NOT").isEmpty)
    }

    @Test("users are found by name and username")
    func users() throws {
        let xiaoming = try db.users.createUser(username: "xiaoming", name: "小明", passwordHash: "x")
        let page = try db.search.searchUsers(keyword: "小明", page: PageRequest(first: 5))
        #expect(page.nodes == [xiaoming.id])
        #expect(try db.search.searchUsers(keyword: "xiaoming", page: PageRequest(first: 5)).nodes == [xiaoming.id])
    }

    @Test("history keeps the newest 20 distinct trimmed keywords, newest first")
    func history() throws {
        let user = try db.user("searcher")
        _ = try db.search.recordSearch(userID: user.id, keyword: " 鸡蛋 ")
        _ = try db.search.recordSearch(userID: user.id, keyword: "排骨")
        let history = try db.search.recordSearch(userID: user.id, keyword: "鸡蛋")
        #expect(history == ["鸡蛋", "排骨"])
        for n in 0..<25 { _ = try db.search.recordSearch(userID: user.id, keyword: "k\(n)") }
        let full = try db.search.history(userID: user.id)
        #expect(full.count == 20)
        #expect(full.first == "k24")
        #expect(full.last == "k5")
        #expect(throws: DomainError.badInput("The keyword must not be blank.")) {
            try db.search.recordSearch(userID: user.id, keyword: "   ")
        }
        #expect(try db.search.clearHistory(userID: user.id).isEmpty)
        #expect(try db.search.history(userID: user.id).isEmpty)
    }

    @Test("popular keywords count the last 7 days and are topped up from the curated list")
    func popular() throws {
        let a = try db.user("searcher_a")
        let b = try db.user("searcher_b")
        try db.search.setCuratedKeywords(["家常菜", "鸡蛋", "早餐"])
        _ = try db.search.recordSearch(userID: a.id, keyword: "old")
        db.now.advance(8 * 24 * 3600)
        _ = try db.search.recordSearch(userID: a.id, keyword: "鸡蛋")
        _ = try db.search.recordSearch(userID: b.id, keyword: "鸡蛋")
        _ = try db.search.recordSearch(userID: b.id, keyword: "排骨")
        #expect(try db.search.popularKeywords(first: 4) == ["鸡蛋", "排骨", "家常菜", "早餐"])
        #expect(try db.search.popularKeywords(first: 1) == ["鸡蛋"])
    }
}
