import Testing

/// Connections inside lists: each parent of a level gets its own page and count, though
/// the whole level is loaded at once.
@Suite("Connections inside lists")
struct NestedConnectionsTests {
    @Test("each user of a list gets a page of their own recipes, with its own count and next page")
    func userPages() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let reader = try server.signUp("reader")
        let busy = try server.signUp("busy")
        let quiet = try server.signUp("quiet")
        try reader.follow(busy)
        try reader.follow(quiet)
        _ = try busy.publishRecipe("first")
        _ = try busy.publishRecipe("second")
        let data = try reader.client.post(
            "{ viewer { following { nodes { id recipes(first: 1) { totalCount nodes { name } pageInfo { hasNextPage } } followers { totalCount } } } } }"
        ).ok()
        let nodes = data["viewer"]["following"]["nodes"].array
        #expect(nodes.map { $0["id"].string } == [quiet.id, busy.id])
        #expect(nodes[0]["recipes"] == ["totalCount": 0, "nodes": [], "pageInfo": ["hasNextPage": false]])
        #expect(nodes[1]["recipes"] == ["totalCount": 2, "nodes": [["name": "second"]], "pageInfo": ["hasNextPage": true]])
        #expect(nodes.map { $0["followers"]["totalCount"] } == [1, 1])
        // One parent alone (no window over the parents), newest first, then by cursor.
        let one = "query($id: ID!, $after: String) { user(id: $id) { recipes(first: 1, after: $after) { nodes { name } pageInfo { hasNextPage endCursor } } } }"
        let page = try reader.client.post(one, ["id": .string(busy.id)]).ok()["user"]["recipes"]
        #expect(page["nodes"] == [["name": "second"]])
        #expect(page["pageInfo"]["hasNextPage"] == true)
        let rest = try reader.client.post(one, ["id": .string(busy.id), "after": page["pageInfo"]["endCursor"]]).ok()["user"]["recipes"]
        #expect(rest["nodes"] == [["name": "first"]])
        #expect(rest["pageInfo"]["hasNextPage"] == false)
    }

    @Test("comment threads of several dishes page independently, oldest first, by cursor")
    func threadPages() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let long = try cook.uploadDish("long thread")
        let short = try cook.uploadDish("short thread")
        let add = "mutation($id: ID!, $t: String!) { addComment(targetId: $id, text: $t) { id } }"
        for text in ["a1", "a2", "a3"] { _ = try cook.client.post(add, ["id": .string(long), "t": .string(text)]).ok() }
        _ = try cook.client.post(add, ["id": .string(short), "t": "b1"]).ok()
        let query = """
            query($ids: [ID!]!, $after: String) {
              nodes(ids: $ids) { ... on Dish { comments(first: 2, after: $after) { totalCount nodes { text } pageInfo { hasNextPage endCursor } } } }
            }
            """
        let first = try cook.client.post(query, ["ids": [.string(long), .string(short)]]).ok()["nodes"]
        #expect(first[0]["comments"]["nodes"] == [["text": "a1"], ["text": "a2"]])
        #expect(first[0]["comments"]["pageInfo"]["hasNextPage"] == true)
        #expect(first[0]["comments"]["totalCount"] == 3)
        #expect(first[1]["comments"]["nodes"] == [["text": "b1"]])
        #expect(first[1]["comments"]["pageInfo"]["hasNextPage"] == false)
        #expect(first[1]["comments"]["totalCount"] == 1)
        // One parent alone takes the storage's single-parent path: the same pages.
        let alone = try cook.client.post(query, ["ids": [.string(long)]]).ok()["nodes"]
        #expect(alone[0]["comments"] == first[0]["comments"])
        let next = try cook.client.post(query, ["ids": [.string(long)], "after": first[0]["comments"]["pageInfo"]["endCursor"]]).ok()["nodes"]
        #expect(next[0]["comments"]["nodes"] == [["text": "a3"]])
        #expect(next[0]["comments"]["pageInfo"]["hasNextPage"] == false)
    }
}
