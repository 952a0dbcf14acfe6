import Testing

/// The feed and mention candidates over HTTP.
@Suite("Feed and mention candidates")
struct QueryResolversTests {
    static let feed = """
        query($first: Int, $after: String) {
          feed(first: $first, after: $after) {
            totalCount
            edges { cursor node { __typename ... on Dish { id description } ... on Recipe { id name } } }
            pageInfo { hasNextPage hasPreviousPage endCursor }
          }
        }
        """

    @Test("the feed is dishes and recipes of followed users, newest first, paged by cursor")
    func feed() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let reader = try server.signUp("reader")
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        let stranger = try server.signUp("stranger")
        try reader.follow(amy)
        try reader.follow(bob)
        var expected: [String] = []
        expected.append(try amy.uploadDish("amy dish 1"))
        expected.append(try bob.publishRecipe("bob recipe"))
        _ = try stranger.uploadDish("not followed")
        _ = try reader.uploadDish("my own")
        expected.append(try amy.publishRecipe("amy recipe"))
        expected.append(try bob.uploadDish("bob dish"))
        expected.reverse()

        let all = try reader.client.post(Self.feed, ["first": 10]).ok()["feed"]
        #expect(all["totalCount"] == 4)
        #expect(all["edges"].array.map { $0["node"]["id"].string ?? "" } == expected)
        #expect(all["edges"].array.map { $0["node"]["__typename"].string ?? "" } == ["Dish", "Recipe", "Recipe", "Dish"])

        let first = try reader.client.post(Self.feed, ["first": 3]).ok()["feed"]
        #expect(first["pageInfo"]["hasNextPage"] == true)
        #expect(first["pageInfo"]["hasPreviousPage"] == false)
        _ = try amy.uploadDish("newer, must not shift the next page")
        let second = try reader.client.post(Self.feed, ["first": 3, "after": first["pageInfo"]["endCursor"]]).ok()["feed"]
        #expect(second["edges"].array.map { $0["node"]["id"].string ?? "" } == [expected[3]])
        #expect(second["pageInfo"]["hasNextPage"] == false)
        #expect(second["pageInfo"]["hasPreviousPage"] == true)
    }

    @Test("mention candidates are the thread's authors and whom the viewer follows, by prefix")
    func mentionCandidates() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let viewer = try server.signUp("viewer")
        let author = try server.signUp("zara", name: "Zara")
        let commenter = try server.signUp("zed", name: "Zed")
        let followed = try server.signUp("zoe", name: "Zoe")
        let outsider = try server.signUp("zack", name: "Zack")
        try viewer.follow(followed)
        let dish = try author.uploadDish()
        _ = try commenter.client.post("mutation($id: ID!) { addComment(targetId: $id, text: \"nice\") { id } }", ["id": .string(dish)]).ok()
        _ = try viewer.client.post("mutation($id: ID!) { addComment(targetId: $id, text: \"yum\") { id } }", ["id": .string(dish)]).ok()
        let query = "query($id: ID!, $p: String) { mentionCandidates(targetId: $id, prefix: $p) { id } }"
        let all = try viewer.client.post(query, ["id": .string(dish), "p": "Z"]).ok()["mentionCandidates"].array.compactMap { $0["id"].string }
        #expect(Set(all) == [author.id, commenter.id, followed.id])
        #expect(!all.contains(outsider.id) && !all.contains(viewer.id))
        let narrowed = try viewer.client.post(query, ["id": .string(dish), "p": .string(String(followed.username.prefix(3)).uppercased())]).ok()
        #expect(narrowed["mentionCandidates"].array.compactMap { $0["id"].string } == [followed.id])
        let missing = try viewer.client.post(query, ["id": .string(globalID("Dish", 9999)), "p": ""])
        #expect(missing.errorCode == "NOT_FOUND")
    }
}
