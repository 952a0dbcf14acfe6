import Testing

/// `node` and `nodes` over HTTP.
@Suite("node and nodes")
struct NodeResolversTests {
    @Test("node finds every social type by its ID and names its concrete type")
    func node() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let recipe = try cook.publishRecipe("红烧肉")
        let dish = try cook.uploadDish()
        let draft = try cook.createDraft()
        let topic = try server.makeTopic(author: cook)
        let comment = try cook.client.post("mutation($id: ID!) { addComment(targetId: $id, text: \"hi\") { id } }", ["id": .string(dish)]).ok()["addComment"]["id"]
        let ids: [(String, String)] = [(cook.id, "User"), (recipe, "Recipe"), (dish, "Dish"), (draft, "Draft"), (topic, "Topic"), (comment.string ?? "", "Comment")]
        for (id, type) in ids {
            let data = try cook.client.post("query($id: ID!) { node(id: $id) { __typename id } }", ["id": .string(id)]).ok()
            #expect(data["node"]["__typename"].string == type)
            #expect(data["node"]["id"].string == id)
        }
        let forum = try server.anonymous.post("{ forums { id } }").ok()["forums"][0]["id"]
        #expect(try server.anonymous.post("query($id: ID!) { node(id: $id) { __typename } }", ["id": forum]).ok()["node"]["__typename"] == "Forum")
    }

    @Test("nodes keeps the order, gives null for missing or invisible ones, and caps at 100")
    func nodes() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let other = try server.signUp("other")
        let first = try cook.publishRecipe("A")
        let second = try cook.publishRecipe("B")
        let draft = try cook.createDraft()
        let ids: JSON = [.string(second), .string(globalID("Recipe", 9999)), .string(other.id), .string(draft), .string(first), .string(globalID("Nothing", 1))]
        let query = "query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Recipe { name } ... on User { username } ... on Draft { name } } }"
        let asOther = try other.client.post(query, ["ids": ids]).ok()["nodes"]
        #expect(asOther == [["__typename": "Recipe", "name": "B"], nil, ["__typename": "User", "username": .string(other.username)], nil, ["__typename": "Recipe", "name": "A"], nil])
        let asCook = try cook.client.post(query, ["ids": ids]).ok()["nodes"]
        #expect(asCook[3] == ["__typename": "Draft", "name": "番茄炒蛋"])
        let tooMany = JSON.array((0..<101).map { _ in .string(first) })
        #expect(try cook.client.post(query, ["ids": tooMany]).errorCode == "BAD_USER_INPUT")
        #expect(try cook.client.post(query, ["ids": ["garbage!"]]).errorCode == "BAD_USER_INPUT")
    }
}
