import Synchronization
import Testing

/// Every field of a query describes one moment (`Database.withSharedSnapshot`): two counts
/// of the same thing, loaded by different resolvers, agree even while another client keeps
/// changing it.
@Suite("One snapshot per query")
struct QuerySnapshotTests {
    @Test("a recipe's commentsCount and its comment page's totalCount agree while comments pour in")
    func countsAgree() throws {
        let server = try TestServer.start(caching: false)
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let recipe = try cook.publishRecipe("番茄汤")
        let writer = try server.signUp("writer")
        let writing = Atomic(true)
        let results = inParallel(2) { index -> [String] in
            if index == 0 {
                defer { writing.store(false, ordering: .releasing) }
                for n in 0..<150 {
                    _ = try writer.client.post(
                        "mutation($id: ID!, $t: String!) { addComment(targetId: $id, text: $t) { id } }",
                        ["id": .string(recipe), "t": .string("第\(n)条")]
                    ).ok()
                }
                return []
            }
            var disagreements: [String] = []
            var queries = 0
            while writing.load(ordering: .acquiring) || queries < 50 {
                queries += 1
                let data = try cook.client.post(
                    "query($id: ID!) { recipe(id: $id) { commentsCount comments(first: 1) { totalCount } } }",
                    ["id": .string(recipe)]
                ).ok()["recipe"]
                let count = data["commentsCount"].int, total = data["comments"]["totalCount"].int
                if count != total { disagreements.append("\(count ?? -1) ≠ \(total ?? -1)") }
            }
            return disagreements
        }
        #expect(try results[0].get().isEmpty)
        let disagreements = try results[1].get()
        #expect(disagreements.isEmpty, "counts of one query disagreed: \(disagreements.prefix(5))")
        let final = try cook.client.post(
            "query($id: ID!) { recipe(id: $id) { commentsCount } }", ["id": .string(recipe)]
        ).ok()
        #expect(final["recipe"]["commentsCount"].int == 150)
    }

    @Test("each field of a mutation sees the writes of the fields before it")
    func mutationFieldsSeeEarlierWrites() throws {
        let server = try TestServer.start(caching: false)
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let recipe = try cook.publishRecipe("饺子")
        let data = try cook.client.post(
            """
            mutation($id: ID!) {
              first: addComment(targetId: $id, text: "一") { target { ... on Recipe { commentsCount } } }
              second: addComment(targetId: $id, text: "二") { target { ... on Recipe { commentsCount } } }
            }
            """, ["id": .string(recipe)]
        ).ok()
        #expect(data["first"]["target"]["commentsCount"].int == 1)
        #expect(data["second"]["target"]["commentsCount"].int == 2)
    }
}
