import Testing

/// Dishes, likes and comments over HTTP.
@Suite("Dishes, likes and comments")
struct DishMutationsTests {
    static let upload = "mutation($input: UploadDishInput!) { uploadDish(input: $input) { id tags meal photos { url } description recipe { id } author { id } } }"

    @Test("a dish needs 1 to 9 photos; 0 or 10 are refused and nothing is shared", arguments: [0, 10])
    func photoCount(count: Int) throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let urls = JSON.array((0..<count).map { .string("https://img.example/\($0).jpg") })
        let response = try cook.client.post(Self.upload, ["input": ["photoUrls": urls]])
        #expect(response.errorCode == "BAD_USER_INPUT")
        #expect(try cook.client.post("{ viewer { dishesCount dishes { totalCount } } }").ok()["viewer"]["dishesCount"] == 0)
    }

    @Test("tags are trimmed, blank ones dropped, repeats removed; nine photos are fine")
    func tags() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let recipe = try cook.publishRecipe("红烧排骨")
        let urls = JSON.array((0..<9).map { .string("https://img.example/\($0).jpg") })
        let data = try cook.client.post(Self.upload, ["input": [
            "photoUrls": urls, "tags": [" 家常菜 ", "", "  ", "家常菜", "下饭"], "meal": "DINNER",
            "recipeId": .string(recipe), "description": "第一次做",
        ]]).ok()["uploadDish"]
        #expect(data["tags"] == ["家常菜", "下饭"])
        #expect(data["photos"].array.count == 9)
        #expect(data["meal"] == "DINNER")
        #expect(data["recipe"]["id"].string == recipe)
        #expect(data["author"]["id"].string == cook.id)
        let cooked = try cook.client.post("query($id: ID!) { recipe(id: $id) { cookedCount dishes { totalCount nodes { id } } } }", ["id": .string(recipe)]).ok()
        #expect(cooked["recipe"]["cookedCount"] == 1)
        #expect(cooked["recipe"]["dishes"]["nodes"][0]["id"] == data["id"])
    }

    @Test("likes are idempotent both ways and counted per dish")
    func likes() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let fan = try server.signUp("fan")
        let dish = try cook.uploadDish()
        for _ in 0..<2 {
            let liked = try fan.client.post("mutation($id: ID!) { likeDish(id: $id) { likesCount viewerHasLiked } }", ["id": .string(dish)]).ok()
            #expect(liked["likeDish"]["likesCount"] == 1)
            #expect(liked["likeDish"]["viewerHasLiked"] == true)
        }
        let seen = try cook.client.post("query($id: ID!) { dish(id: $id) { likesCount viewerHasLiked } }", ["id": .string(dish)]).ok()
        #expect(seen["dish"]["likesCount"] == 1)
        #expect(seen["dish"]["viewerHasLiked"] == false)
        for _ in 0..<2 {
            let unliked = try fan.client.post("mutation($id: ID!) { unlikeDish(id: $id) { likesCount viewerHasLiked } }", ["id": .string(dish)]).ok()
            #expect(unliked["unlikeDish"]["likesCount"] == 0)
            #expect(unliked["unlikeDish"]["viewerHasLiked"] == false)
        }
    }

    @Test("every @name naming a user becomes a mention, in order of first appearance")
    func mentions() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let amy = try server.signUp("amy")
        let bob = try server.signUp("bob")
        let dish = try cook.uploadDish()
        let text = "@\(bob.username) try this, @\(amy.username.uppercased()) too; @nobody_at_all and mail me@\(amy.username) @\(bob.username)"
        let data = try cook.client.post(
            "mutation($id: ID!, $text: String!) { addComment(targetId: $id, text: $text) { id text author { id } mentions { id } target { id ... on Dish { commentsCount } } createdAt } }",
            ["id": .string(dish), "text": .string("  " + text + " ")]).ok()["addComment"]
        #expect(data["text"].string == text)
        #expect(data["mentions"].array.map { $0["id"].string } == [bob.id, amy.id])
        #expect(data["target"]["id"].string == dish)
        #expect(data["target"]["commentsCount"] == 1)
        #expect(data["createdAt"].string?.hasSuffix("Z") == true)
    }

    @Test("a blank or too long comment is BAD_USER_INPUT; a reply must be in the same thread")
    func commentRules() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let dish = try cook.uploadDish()
        let recipe = try cook.publishRecipe("鱼香肉丝")
        let add = "mutation($id: ID!, $text: String!, $reply: ID) { addComment(targetId: $id, text: $text, replyToId: $reply) { id replyTo { id text } } }"
        #expect(try cook.client.post(add, ["id": .string(dish), "text": "   "]).errorCode == "BAD_USER_INPUT")
        #expect(try cook.client.post(add, ["id": .string(dish), "text": .string(String(repeating: "长", count: 2001))]).errorCode == "BAD_USER_INPUT")
        let first = try cook.client.post(add, ["id": .string(dish), "text": "first"]).ok()["addComment"]["id"]
        let reply = try cook.client.post(add, ["id": .string(dish), "text": "second", "reply": first]).ok()
        #expect(reply["addComment"]["replyTo"]["text"] == "first")
        let elsewhere = try cook.client.post(add, ["id": .string(recipe), "text": "third", "reply": first])
        #expect(elsewhere.errorCode == "BAD_USER_INPUT")
        let thread = try cook.client.post(
            "query($d: ID!, $r: ID!) { dish(id: $d) { commentsCount comments { nodes { text } } } recipe(id: $r) { commentsCount } }",
            ["d": .string(dish), "r": .string(recipe)]).ok()
        #expect(thread["dish"]["comments"]["nodes"].array.map { $0["text"].string ?? "" } == ["first", "second"])
        #expect(thread["recipe"]["commentsCount"] == 0)
    }

    @Test("a topic can be read and commented on; its comments show the target")
    func topicComments() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let topic = try server.makeTopic(author: cook)
        _ = try cook.client.post("mutation($id: ID!) { addComment(targetId: $id, text: \"我想吃面\") { id } }", ["id": .string(topic)]).ok()
        let data = try server.anonymous.post(
            "query($id: ID!) { topic(id: $id) { title body author { id } forum { name } commentsCount comments { nodes { text target { __typename id } } } } forums { name topics { totalCount nodes { id } } } }",
            ["id": .string(topic)]).ok()
        #expect(data["topic"]["title"] == "今天吃什么")
        #expect(data["topic"]["author"]["id"].string == cook.id)
        #expect(data["topic"]["forum"]["name"] == "家常菜")
        #expect(data["topic"]["commentsCount"] == 1)
        #expect(data["topic"]["comments"]["nodes"][0]["target"]["__typename"] == "Topic")
        #expect(data["forums"][0]["topics"]["totalCount"] == 1)
        #expect(data["forums"][0]["topics"]["nodes"][0]["id"].string == topic)
    }
}
