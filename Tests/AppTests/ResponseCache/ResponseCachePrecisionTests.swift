import Foundation
import GraphQL
import HTTPServer
import Storage
import Testing
@testable import App

/// A write drops only the answers that read what it changed: these would all be dropped
/// by a cache that empties itself on every write.
@Suite("Response cache keeps what a write did not touch")
struct ResponseCachePrecisionTests {
    /// Whether `screen` is answered from the cache now (no SQL at all).
    static func isCached(_ screen: StalenessFixture.Screen) throws -> Bool {
        try screen.client.post(screen.query, screen.variables).sqlStatements == 0
    }

    @Test("a comment on one recipe drops that recipe's page, not the other recipes' pages")
    func commentOnOneRecipe() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let fixture = try StalenessFixture(server: server)
        let pages = fixture.screens.filter { $0.label.contains(" recipe ") }
        #expect(pages.count == 9)
        for page in pages { _ = try page.client.post(page.query, page.variables) }
        #expect(try pages.allSatisfy(Self.isCached))
        try fixture.must(fixture.meimei, #"mutation($id: ID!) { addComment(targetId: $id, text: "Saved it") { id } }"#, ["id": .string(fixture.recipes[1])])
        for page in pages {
            let commented = page.label.hasSuffix("recipe 1")
            #expect(try Self.isCached(page) == !commented, "\(page.label)")
        }
        let page = try #require(pages.first { $0.label == "anonymous recipe 1" })
        #expect(try page.client.post(page.query, page.variables).text.contains("Saved it"))
    }

    @Test("a cart change drops that viewer's cart, not recipe pages, feeds or other viewers' carts")
    func cartChange() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let fixture = try StalenessFixture(server: server)
        let screens = fixture.screens.filter {
            $0.label.contains(" recipe ") || $0.label.hasSuffix(" feed") || $0.label.hasSuffix(" cart")
        }
        #expect(screens.count == 15)
        let cart = try fixture.must(
            fixture.xiaoming, "mutation($g: ID!, $k: ID) { addToCart(goodsId: $g, kindId: $k) { shops { items { id } } } }",
            ["g": .string(fixture.goods[0].id), "k": .string(fixture.goods[0].kind)])
        let item = try #require(cart["addToCart"]["shops"].array.first?["items"].array.first?["id"].string)
        for screen in screens { _ = try screen.client.post(screen.query, screen.variables) }
        try fixture.must(fixture.xiaoming, "mutation($i: ID!) { setItemQuantity(itemId: $i, quantity: 2) { totalQuantity } }", ["i": .string(item)])
        for screen in screens {
            #expect(try Self.isCached(screen) == (screen.label != "xiaoming cart"), "\(screen.label)")
        }
    }

    @Test("a like drops the pages that show the dish's likes, not carts or other recipes")
    func like() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let fixture = try StalenessFixture(server: server)
        let screens = fixture.screens.filter { $0.label.hasSuffix(" cart") || $0.label.hasSuffix(" dish") || $0.label.contains(" recipe ") }
        for screen in screens { _ = try screen.client.post(screen.query, screen.variables) }
        try fixture.must(fixture.meimei, "mutation($id: ID!) { likeDish(id: $id) { likesCount } }", ["id": .string(fixture.dishes[0])])
        for screen in screens where screen.label.hasSuffix(" cart") {
            #expect(try Self.isCached(screen), "\(screen.label)")
        }
        for screen in screens where screen.label.hasSuffix(" dish") {
            #expect(try !Self.isCached(screen), "\(screen.label) shows the dish's likes")
        }
    }

    @Test("an answer whose execution never asked who the viewer is serves every viewer; one that asked serves its viewer alone")
    func sharedAcrossViewers() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let fixture = try StalenessFixture(server: server)
        let list = "{ recipes(first: 3) { nodes { id name commentsCount } } }"
        let liked = "{ recipes(first: 3) { nodes { id viewerHasCollected } } }"
        _ = try fixture.alice.client.post(list).ok()
        _ = try fixture.alice.client.post(liked).ok()
        _ = try fixture.xiaoming.client.post("{ viewer { id } }").ok()  // her token, looked up once
        #expect(try fixture.xiaoming.client.post(list).sqlStatements == 0)
        #expect(try server.anonymous.post(list).sqlStatements == 0)
        #expect(try fixture.xiaoming.client.post(liked).sqlStatements ?? 0 > 0)
        try fixture.must(fixture.xiaoming, "mutation($id: ID!) { collectRecipe(id: $id) { id } }", ["id": .string(fixture.recipes[0])])
        let mine = try fixture.xiaoming.client.post(liked).ok()["recipes"]["nodes"].array
        let hers = try fixture.alice.client.post(liked).ok()["recipes"]["nodes"].array
        #expect(mine.first?["viewerHasCollected"] == true)
        #expect(hers.first?["viewerHasCollected"] == false)
    }

    @Test("a full cache evicts the answers asked for least, keeps the ones asked for again, and stays within its bound")
    func eviction() {
        let cache = ResponseCache(capacity: 40_000)
        func key(_ n: Int) -> ResponseCache.Key {
            ResponseCache.Key(query: "{ q\(n) }", operationName: nil, variables: [:], audience: .anonymous, mediaType: .graphQLResponse)
        }
        let body = HTTPResponse(text: String(repeating: "x", count: 900))
        func store(_ n: Int) {
            cache.store(body, for: key(n), reads: ReadSet(), generation: 1, currentGeneration: { 1 })
        }
        for n in 0..<20 { store(n) }
        #expect(cache.count == 20)
        for n in 20..<400 {
            _ = cache.response(for: key(0))
            _ = cache.response(for: key(1))
            store(n)
            #expect(cache.size <= 40_000)
        }
        #expect(cache.response(for: key(0)) != nil && cache.response(for: key(1)) != nil)
        #expect(cache.response(for: key(5)) == nil)
        #expect(cache.count > 20)
    }

    @Test("an answer that ran while a commit changed what it read is not kept; one that ran while a commit changed something else is")
    func commitsWhileRunning() {
        let cache = ResponseCache(capacity: 100_000)
        func key(_ n: Int) -> ResponseCache.Key {
            ResponseCache.Key(query: "{ q\(n) }", operationName: nil, variables: [:], audience: .anonymous, mediaType: .graphQLResponse)
        }
        let body = HTTPResponse(text: "{}")
        let recipes = TableID(index: 1), carts = TableID(index: 2)
        var recipeSeven = ReadSet()
        recipeSeven.read(recipes, column: 0, value: 7)
        var cartChange = ChangeSet()
        cartChange.tables[carts] = .all
        cartChange.keys.insert(RowKey(table: carts, column: 0, value: 3))
        var recipeChange = ChangeSet()
        recipeChange.tables[recipes] = ColumnSet(rawValue: 1 << 2)
        recipeChange.keys.insert(RowKey(table: recipes, column: 0, value: 7))
        func stored(_ n: Int, began: UInt64, now: UInt64) -> Bool {
            cache.store(body, for: key(n), reads: recipeSeven, generation: began, currentGeneration: { now })
            return cache.response(for: key(n)) != nil
        }

        cache.apply(cartChange, currentGeneration: { 2 })
        #expect(stored(1, began: 1, now: 2), "a cart commit while a recipe page ran leaves the page true")
        cache.apply(recipeChange, currentGeneration: { 3 })
        #expect(cache.response(for: key(1)) == nil)
        #expect(!stored(2, began: 2, now: 3), "a commit the answer may not have seen changed its recipe")
        #expect(!stored(3, began: 1, now: 3))
        #expect(stored(4, began: 3, now: 3))
        #expect(stored(5, began: 3, now: 4), "a commit not applied yet drops the answer when it is")
        cache.apply(recipeChange, currentGeneration: { 4 })
        #expect(cache.response(for: key(5)) == nil)
        cache.apply(.everything, currentGeneration: { 5 })
        #expect(!stored(6, began: 4, now: 5), "a change nobody described affects every answer")
        for generation in UInt64(6)...400 { cache.apply(cartChange, currentGeneration: { generation }) }
        #expect(stored(7, began: 399, now: 400))
        #expect(!stored(8, began: 6, now: 400), "changes no longer remembered cannot be checked")
    }
}
