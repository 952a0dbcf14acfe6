import Testing

/// The recipe page, the recipe list and collections over HTTP.
@Suite("Recipes and collections")
struct RecipeResolversTests {
    /// The recipe page as the app asks for it (also the README's example).
    static let recipePage = """
        query RecipePage($id: ID!) {
          recipe(id: $id) {
            id name description tips createdAt coverImage { url }
            author { id name avatar { url } viewerIsFollowing }
            ingredients { name amount }
            steps { number text image { url } }
            cookedCount collectsCount commentsCount viewerHasCollected
            dishes(first: 3) { totalCount nodes { id photos { url } author { name } } }
            comments(first: 10) { totalCount nodes { text author { name } mentions { username } } }
          }
        }
        """

    @Test("the recipe page shows the recipe, its parts in order, counts and the viewer's state")
    func recipePage() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook", name: "王师傅")
        let fan = try server.signUp("fan")
        let recipe = try cook.publishRecipe(
            "红烧肉", description: "肥而不腻", ingredients: [("五花肉", "半斤"), ("冰糖", "15g")],
            steps: ["切块", "焯水", "炒糖色"])
        _ = try fan.uploadDish("照着做了", recipeID: recipe)
        _ = try fan.client.post("mutation($id: ID!) { addComment(targetId: $id, text: \"@\(cook.username) 好吃\") { id } }", ["id": .string(recipe)]).ok()
        _ = try fan.client.post("mutation($id: ID!) { collectRecipe(id: $id) { id } }", ["id": .string(recipe)]).ok()
        let page = try fan.client.post(Self.recipePage, ["id": .string(recipe)]).ok()["recipe"]
        #expect(page["name"] == "红烧肉")
        #expect(page["description"] == "肥而不腻")
        #expect(page["author"]["name"] == "王师傅")
        #expect(page["ingredients"] == [["name": "五花肉", "amount": "半斤"], ["name": "冰糖", "amount": "15g"]])
        #expect(page["steps"].array.map { $0["text"].string ?? "" } == ["切块", "焯水", "炒糖色"])
        #expect(page["steps"].array.map { $0["number"].int ?? 0 } == [1, 2, 3])
        #expect(page["cookedCount"] == 1 && page["collectsCount"] == 1 && page["commentsCount"] == 1)
        #expect(page["viewerHasCollected"] == true)
        #expect(page["dishes"]["totalCount"] == 1)
        #expect(page["comments"]["nodes"][0]["mentions"][0]["username"].string == cook.username)
        let anonymous = try server.anonymous.post(Self.recipePage, ["id": .string(recipe)]).ok()["recipe"]
        #expect(anonymous["viewerHasCollected"] == false)
    }

    @Test("collecting is idempotent both ways and shows in the viewer's collections")
    func collect() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let first = try cook.publishRecipe("A")
        let second = try cook.publishRecipe("B")
        let collect = "mutation($id: ID!) { collectRecipe(id: $id) { collectsCount viewerHasCollected } }"
        for _ in 0..<2 {
            let data = try cook.client.post(collect, ["id": .string(first)]).ok()
            #expect(data["collectRecipe"]["collectsCount"] == 1)
        }
        _ = try cook.client.post(collect, ["id": .string(second)]).ok()
        let collections = try cook.client.post("{ viewer { collections { totalCount nodes { id } } } }").ok()
        #expect(collections["viewer"]["collections"]["totalCount"] == 2)
        #expect(collections["viewer"]["collections"]["nodes"].array.map { $0["id"].string } == [second, first])
        for _ in 0..<2 {
            let data = try cook.client.post("mutation($id: ID!) { uncollectRecipe(id: $id) { collectsCount viewerHasCollected } }", ["id": .string(first)]).ok()
            #expect(data["uncollectRecipe"]["collectsCount"] == 0)
            #expect(data["uncollectRecipe"]["viewerHasCollected"] == false)
        }
    }

    @Test("recipes page newest first by cursor; pages do not shift when recipes are added")
    func recipesConnection() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let ids = try (0..<5).map { try cook.publishRecipe("R\($0)") }
        let query = "query($after: String) { recipes(first: 2, after: $after) { totalCount edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }"
        var seen: [String] = []
        var after: JSON = nil
        var pages = 0
        repeat {
            let page = try server.anonymous.post(query, ["after": after]).ok()["recipes"]
            #expect(page["totalCount"].int ?? 0 >= 5)
            #expect(page["edges"].array.map { $0["node"]["id"] } == page["nodes"].array.map { $0["id"] })
            #expect(page["pageInfo"]["startCursor"] == page["edges"][0]["cursor"])
            #expect(page["pageInfo"]["hasPreviousPage"].bool == (pages > 0))
            seen += page["nodes"].array.compactMap { $0["id"].string }
            if pages == 0 { _ = try cook.publishRecipe("newer") }
            pages += 1
            after = page["pageInfo"]["endCursor"]
            if page["pageInfo"]["hasNextPage"] != true { break }
        } while pages < 10
        #expect(seen == ids.reversed())
        #expect(pages == 3)
    }

    @Test("a user's recipes and dishes are connections with counts")
    func userConnections() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        _ = try cook.publishRecipe("A")
        _ = try cook.publishRecipe("B")
        _ = try cook.uploadDish()
        let data = try server.anonymous.post(
            "query($id: ID!) { user(id: $id) { recipesCount dishesCount recipes(first: 1) { totalCount nodes { name } pageInfo { hasNextPage } } dishes { totalCount } } }",
            ["id": .string(cook.id)]).ok()["user"]
        #expect(data["recipesCount"] == 2 && data["dishesCount"] == 1)
        #expect(data["recipes"]["totalCount"] == 2)
        #expect(data["recipes"]["nodes"] == [["name": "B"]])
        #expect(data["recipes"]["pageInfo"]["hasNextPage"] == true)
        #expect(data["dishes"]["totalCount"] == 1)
    }
}
