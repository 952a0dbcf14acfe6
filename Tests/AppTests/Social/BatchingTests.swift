import Storage
import Testing

@testable import App

/// Lists are resolved level by level with one batched load per field: the number of SQL
/// statements of a request depends on the query's shape, not on the length of its lists.
@Suite("Batched loading", .serialized)
struct BatchingTests {
    static let feed = """
        query($first: Int) {
          feed(first: $first) {
            nodes {
              __typename
              ... on Dish {
                id photos { url } tags likesCount viewerHasLiked commentsCount
                author { name followersCount recipesCount viewerIsFollowing }
                recipe { name steps { text } author { name } }
                comments(first: 2) { totalCount nodes { text author { name } mentions { name } } }
              }
              ... on Recipe {
                id name cookedCount collectsCount commentsCount viewerHasCollected
                ingredients { name amount } steps { number text }
                author { name dishesCount viewerIsFollowing recipes(first: 1) { totalCount nodes { name } } followers(first: 2) { nodes { name } } }
                dishes(first: 2) { totalCount nodes { photos { url } } }
                comments { totalCount }
              }
            }
          }
        }
        """

    static let recipes = """
        query($first: Int) {
          recipes(first: $first) {
            nodes { name author { name followingCount } ingredients { name } steps { text } cookedCount viewerHasCollected }
          }
        }
        """

    /// A server whose cost limit lets the deliberately deep queries below through: what is
    /// measured here is how loads are batched, not which documents are allowed.
    static func start() throws -> TestServer {
        var limits = RequestLimits.default
        limits.operation.maxCost = 10_000_000
        return try TestServer.start(limits: limits, caching: false)
    }

    /// The SQL statements one request ran, as the server reports them for its own thread.
    static func statements(_ client: GraphQLClient, _ query: String, first: Int, expecting items: Int, at path: String) throws -> Int {
        let response = try client.post(query, ["first": .number(Double(first))])
        let data = try response.ok()
        #expect(data[path]["nodes"].array.count == items)
        return try #require(response.sqlStatements)
    }

    @Test("a feed page of 20 items costs the same statements as a page of 5")
    func feed() throws {
        let server = try Self.start()
        defer { server.stop() }
        let reader = try server.signUp("reader")
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        try reader.follow(amy)
        try reader.follow(bob)
        let carl = try server.signUp("carl")
        let cooked = try carl.publishRecipe("红烧肉", ingredients: [("五花肉", "半斤")], steps: ["a", "b"])
        // Every page mixes recipes, dishes with a recipe and dishes without one, so that
        // both pages ask the same fields at the same levels.
        for index in 0..<24 {
            let author = index.isMultiple(of: 2) ? amy : bob
            if index % 3 == 0 {
                _ = try author.publishRecipe("菜\(index)", ingredients: [("盐", "少许")], steps: ["a", "b"])
            } else {
                let dish = try author.uploadDish("dish \(index)", recipeID: index % 3 == 1 ? cooked : nil)
                _ = try reader.client.post("mutation($id: ID!) { likeDish(id: $id) { id } }", ["id": .string(dish)]).ok()
                _ = try reader.client.post(
                    "mutation($id: ID!, $t: String!) { addComment(targetId: $id, text: $t) { id } }",
                    ["id": .string(dish), "t": .string("@\(author.username) 好看")]).ok()
            }
        }
        let small = try Self.statements(reader.client, Self.feed, first: 5, expecting: 5, at: "feed")
        let large = try Self.statements(reader.client, Self.feed, first: 20, expecting: 20, at: "feed")
        #expect(small == large)
        #expect(small <= 70, "a feed page should take a few dozen statements at most, took \(small)")
    }

    @Test("a list of 20 recipes costs the same statements as a list of 5")
    func recipeList() throws {
        let server = try Self.start()
        defer { server.stop() }
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        for index in 0..<20 {
            _ = try (index.isMultiple(of: 2) ? amy : bob).publishRecipe("R\(index)", ingredients: [("x", "1")], steps: ["s"])
        }
        let small = try Self.statements(amy.client, Self.recipes, first: 5, expecting: 5, at: "recipes")
        let large = try Self.statements(amy.client, Self.recipes, first: 20, expecting: 20, at: "recipes")
        #expect(small == large)
    }

    static func recipePage(mentions: Bool) -> String {
        """
        query($id: ID!) {
          recipe(id: $id) { name comments(first: 5) { nodes { text author { name }\(mentions ? " mentions { name }" : "") } } }
        }
        """
    }

    @Test("a thread's mentions are read only when the query asks for them")
    func mentionsOnDemand() throws {
        let server = try Self.start()
        defer { server.stop() }
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        let carl = try server.signUp("carl")
        let recipe = try amy.publishRecipe("汤", ingredients: [("水", "1碗")])
        for text in ["@\(carl.username) @\(amy.username) 好喝", "plain", "@\(carl.username) again"] {
            _ = try bob.client.post(
                "mutation($id: ID!, $t: String!) { addComment(targetId: $id, text: $t) { id } }",
                ["id": .string(recipe), "t": .string(text)]).ok()
        }
        let plain = try bob.client.post(Self.recipePage(mentions: false), ["id": .string(recipe)])
        #expect(try plain.ok()["recipe"]["comments"]["nodes"].array.count == 3)
        let asked = try bob.client.post(Self.recipePage(mentions: true), ["id": .string(recipe)])
        let nodes = try asked.ok()["recipe"]["comments"]["nodes"].array
        #expect(nodes.map { $0["mentions"].array.map { $0["name"].string } } == [["carl", "amy"], [], ["carl"]])
        // Asking for them adds the mentions and the mentioned users, one statement each.
        let without = try #require(plain.sqlStatements)
        let with = try #require(asked.sqlStatements)
        #expect(with == without + 2)
    }

    static let search = """
        query($first: Int) {
          search(keyword: "鸡蛋", first: $first) {
            nodes { ... on Recipe { name author { name } ingredients { name } } }
          }
        }
        """

    @Test("a search page costs the same statements whether it stays in one tier or spans all three")
    func search() throws {
        let server = try Self.start()
        defer { server.stop() }
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        for index in 0..<8 {
            let author = index.isMultiple(of: 2) ? amy : bob
            _ = try author.publishRecipe("汤\(index)", description: "一个鸡蛋", ingredients: [("水", "1碗")])
            _ = try author.publishRecipe("饼\(index)", ingredients: [("鸡蛋", "2个")])
            _ = try author.publishRecipe("鸡蛋\(index)", ingredients: [("盐", "少许")])
        }
        // 5 are all name matches; 20 take the 8 names, the 8 ingredients and 4 descriptions.
        let oneTier = try Self.statements(amy.client, Self.search, first: 5, expecting: 5, at: "search")
        let threeTiers = try Self.statements(amy.client, Self.search, first: 20, expecting: 20, at: "search")
        #expect(oneTier == threeTiers)
    }
}
