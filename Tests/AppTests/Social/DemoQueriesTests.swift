import Storage
import Testing

/// The README's example queries, run against the demo data set as a client would send them.
@Suite("README queries on the demo data")
struct DemoQueriesTests {
    static let feed = """
        query Feed($after: String) {
          feed(first: 10, after: $after) {
            totalCount
            pageInfo { hasNextPage endCursor }
            nodes {
              __typename
              ... on Dish { id description photos { url } tags likesCount viewerHasLiked author { name } recipe { name } }
              ... on Recipe { id name coverImage { url } cookedCount author { name } }
            }
          }
        }
        """

    static let draftMoves = """
        mutation DraftMoves($draft: ID!) {
          added: addStep(draftId: $draft, at: 0) { steps { number text } }
          moved: moveStep(draftId: $draft, from: 0, to: 99) { steps { number text } }
          lifted: moveStep(draftId: $draft, from: 1, to: -1) { steps { number text } }
        }
        """

    @Test("alice signs in with the demo password, reads a recipe page, her feed, and edits a draft")
    func readmeQueries() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let alice = try server.signIn("alice", password: DemoData.password)
        let found = try alice.client.post("{ search(keyword: \"红烧\") { nodes { ... on Recipe { id name } } } }").ok()
        let names = found["search"]["nodes"].array.compactMap { $0["name"].string }
        #expect(names.contains("红烧排骨") && names.contains("红烧肉"))
        let recipeID = try #require(found["search"]["nodes"][0]["id"].string)
        let page = try alice.client.post(RecipeResolversTests.recipePage, ["id": .string(recipeID)]).ok()["recipe"]
        #expect(!page["steps"].array.isEmpty)
        #expect(!page["ingredients"].array.isEmpty)

        let feed = try alice.client.post(Self.feed).ok()["feed"]
        #expect(feed["nodes"].array.count == min(10, feed["totalCount"].int ?? 0))
        #expect((feed["totalCount"].int ?? 0) > 0)

        let drafts = try alice.client.post("{ viewer { drafts { nodes { id name steps { text } } } } }").ok()
        let draft = try #require(drafts["viewer"]["drafts"]["nodes"][0]["id"].string)
        let before = drafts["viewer"]["drafts"]["nodes"][0]["steps"].array.compactMap { $0["text"].string }
        try #require(before.count >= 2)
        let moves = try alice.client.post(Self.draftMoves, ["draft": .string(draft)]).ok()
        #expect(moves["added"]["steps"].array.compactMap { $0["text"].string } == [""] + before)
        #expect(moves["moved"]["steps"].array.compactMap { $0["text"].string } == before + [""])
        let lifted = [before[1], before[0]] + before.dropFirst(2) + [""]
        #expect(moves["lifted"]["steps"].array.compactMap { $0["text"].string } == lifted)
        #expect(moves["lifted"]["steps"].array.map { $0["number"].int ?? 0 } == Array(1...lifted.count))
        #expect(try alice.stepTexts(draft) == lifted)
    }
}
