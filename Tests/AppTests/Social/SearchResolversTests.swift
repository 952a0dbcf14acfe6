import Storage
import Testing

/// Search, search history and popular keywords over HTTP.
@Suite("Search")
struct SearchResolversTests {
    static let search = """
        query($k: String!, $type: SearchType, $first: Int, $after: String) {
          search(keyword: $k, type: $type, first: $first, after: $after) {
            totalCount
            nodes { __typename ... on Recipe { name } ... on User { username } }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    /// The names `search` finds for a keyword, in order.
    static func names(_ client: GraphQLClient, _ keyword: String) throws -> [String] {
        try client.post(search, ["k": .string(keyword)]).ok()["search"]["nodes"].array.compactMap { $0["name"].string }
    }

    @Test("two-character Chinese words and English words find recipes by name, ingredient and description, ranked")
    func recipes() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        _ = try cook.publishRecipe("红烧排骨", ingredients: [("排骨", "500g"), ("冰糖", "20g")])
        _ = try cook.publishRecipe("红烧肉", ingredients: [("五花肉", "半斤")])
        _ = try cook.publishRecipe("糖醋排骨", ingredients: [("排骨", "1斤")])
        _ = try cook.publishRecipe("番茄炒蛋", ingredients: [("鸡蛋", "3个"), ("番茄", "2个")])
        _ = try cook.publishRecipe("Breakfast plate", description: "Bacon, toast and a few pancakes", ingredients: [("bacon", "2 slices")])
        _ = try cook.publishRecipe("Fluffy Pancakes", description: "Sunday breakfast", ingredients: [("flour", "1 cup")])
        let client = server.anonymous
        #expect(Set(try Self.names(client, "红烧")) == ["红烧排骨", "红烧肉"])
        #expect(Set(try Self.names(client, "排骨")) == ["红烧排骨", "糖醋排骨"])
        #expect(try Self.names(client, "鸡蛋") == ["番茄炒蛋"])
        #expect(try Self.names(client, "pancakes") == ["Fluffy Pancakes", "Breakfast plate"])
        #expect(try Self.names(client, "PANCAKES") == ["Fluffy Pancakes", "Breakfast plate"])
        #expect(try Self.names(client, "火锅").isEmpty)
        let blank = try client.post(Self.search, ["k": "   "])
        #expect(blank.errorCode == "BAD_USER_INPUT")
    }

    @Test("search results page by cursor and count all matches")
    func paging() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        for name in ["红烧排骨", "红烧肉", "红烧鱼"] { _ = try cook.publishRecipe(name) }
        let first = try server.anonymous.post(Self.search, ["k": "红烧", "first": 2]).ok()["search"]
        #expect(first["totalCount"] == 3)
        #expect(first["nodes"].array.count == 2)
        #expect(first["pageInfo"]["hasNextPage"] == true)
        let rest = try server.anonymous.post(Self.search, ["k": "红烧", "first": 2, "after": first["pageInfo"]["endCursor"]]).ok()["search"]
        #expect(rest["nodes"].array.count == 1)
        #expect(rest["pageInfo"]["hasNextPage"] == false)
        let seen = (first["nodes"].array + rest["nodes"].array).compactMap { $0["name"].string }
        #expect(Set(seen) == ["红烧排骨", "红烧肉", "红烧鱼"])
    }

    @Test("users are found by name and username")
    func users() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let chef = try server.signUp("chef_wang", name: "王师傅")
        _ = try server.signUp("lily", name: "Lily Zhang")
        let byName = try server.anonymous.post(Self.search, ["k": "师傅", "type": "USER"]).ok()["search"]
        #expect(byName["nodes"].array.map { $0["username"].string } == [chef.username])
        #expect(byName["nodes"][0]["__typename"] == "User")
        let byUsername = try server.anonymous.post(Self.search, ["k": "chef", "type": "USER"]).ok()["search"]
        #expect(byUsername["totalCount"] == 1)
    }

    @Test("history is newest first, trimmed, without repeats, at most 20; blank is refused; clearing empties it")
    func history() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let record = "mutation($k: String!) { recordSearch(keyword: $k) }"
        _ = try cook.client.post(record, ["k": "红烧"]).ok()
        _ = try cook.client.post(record, ["k": " 排骨 "]).ok()
        let again = try cook.client.post(record, ["k": "红烧"]).ok()
        #expect(again["recordSearch"] == ["红烧", "排骨"])
        let blank = try cook.client.post(record, ["k": "  "])
        #expect(blank.errorCode == "BAD_USER_INPUT")
        #expect(try cook.client.post("{ searchHistory }").ok()["searchHistory"] == ["红烧", "排骨"])
        for index in 0..<25 { _ = try cook.client.post(record, ["k": .string("k\(index)")]).ok() }
        let history = try cook.client.post("{ searchHistory }").ok()["searchHistory"].array.compactMap(\.string)
        #expect(history.count == 20)
        #expect(history.first == "k24")
        #expect(history.last == "k5")
        #expect(try cook.client.post("mutation { clearSearchHistory }").ok()["clearSearchHistory"] == [])
        #expect(try cook.client.post("{ searchHistory }").ok()["searchHistory"] == [])
    }

    @Test("popular keywords are the most searched across users, topped up from the curated list")
    func popular() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        try server.withRepositories { stores, _ in try stores.search.setCuratedKeywords(["家常菜", "排骨", "早餐"]) }
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        let record = "mutation($k: String!) { recordSearch(keyword: $k) }"
        for keyword in ["排骨", "鸡蛋"] { _ = try amy.client.post(record, ["k": .string(keyword)]).ok() }
        for keyword in ["鸡蛋", "鸡蛋"] { _ = try bob.client.post(record, ["k": .string(keyword)]).ok() }
        let data = try server.anonymous.post("{ popularKeywords(first: 4) }").ok()
        #expect(data["popularKeywords"] == ["鸡蛋", "排骨", "家常菜", "早餐"])
        let two = try server.anonymous.post("{ popularKeywords(first: 2) }").ok()
        #expect(two["popularKeywords"] == ["鸡蛋", "排骨"])
        let fallback = try server.anonymous.post("{ popularKeywords }").ok()
        #expect(fallback["popularKeywords"].array.count == 4)
    }
}
