import Foundation
import KitchenTestSupport
@testable import Storage
import Testing
@testable import App

/// Whole query responses are reused while the data is unchanged, and never after a write,
/// across viewers, with errors, or when they depended on the time. A reused response runs
/// no SQL at all for an anonymous client, which is what these tests look for.
@Suite("Response cache over HTTP")
struct ResponseCacheOverHTTPTests {
    static let recipes = "{ recipes(first: 2) { nodes { id name commentsCount } } }"

    /// The SQL statements a response reports; -1 when it reports none.
    static func statements(_ response: GraphQLResponse) -> Int { response.sqlStatements ?? -1 }

    @Test("a repeated query runs no SQL and answers the same bytes until a write")
    func reusedUntilWrite() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let first = try server.anonymous.post(Self.recipes)
        let second = try server.anonymous.post(Self.recipes)
        #expect(Self.statements(first) > 0)
        #expect(second.sqlStatements == 0)
        #expect(second.text == first.text)

        let nodes = try first.ok()["recipes"]["nodes"].array
        let recipe = try #require(nodes.first?["id"].string)
        let cook = try server.signUp("commenter")
        _ = try cook.client.post(
            "mutation($id: ID!) { addComment(targetId: $id, text: \"Lovely\") { id } }", ["id": .string(recipe)]
        ).ok()
        let after = try server.anonymous.post(Self.recipes)
        #expect(Self.statements(after) > 0)
        let before = try first.ok()["recipes"]["nodes"].array[0]["commentsCount"].int ?? -1
        #expect(try after.ok()["recipes"]["nodes"].array[0]["commentsCount"].int == before + 1)
    }

    @Test("a byte-for-byte repeat is answered from its bytes; the same body with another Content-Type is not")
    func sameBytes() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let body = Array(#"{"query":"{ recipes(first: 1) { nodes { name } } }"}"#.utf8)
        func post(_ contentType: String) throws -> (status: Int, statements: String?, text: String) {
            let client = try TestClient(port: server.server.port, timeoutSeconds: 60)
            let response = try client.request(
                "POST", "/graphql", headers: ["Content-Type: \(contentType)", "Accept: application/json"], body: body)
            return (response.status, response.header("X-Kitchen-SQL-Statements"), response.text)
        }
        let first = try post("application/json")
        let repeated = try post("application/json")
        #expect(first.status == 200 && repeated.status == 200)
        #expect(repeated.text == first.text)
        #expect(repeated.statements == "0")
        #expect(try post("text/plain").status == 415)
    }

    @Test("variables and operation names are part of what is reused")
    func keyedByVariables() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let query = "query Page($n: Int) { recipes(first: $n) { nodes { id } } }"
        let one = try server.anonymous.post(query, ["n": 1])
        let two = try server.anonymous.post(query, ["n": 2])
        #expect(try one.ok()["recipes"]["nodes"].array.count == 1)
        #expect(try two.ok()["recipes"]["nodes"].array.count == 2)
        #expect(Self.statements(two) > 0)
        #expect(try server.anonymous.post(query, ["n": 1]).sqlStatements == 0)
    }

    @Test("two viewers never share a response")
    func perViewer() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let alice = try server.signUp("alice")
        let bob = try server.signUp("bob")
        let query = "{ viewer { username } }"
        for _ in 0..<2 {
            #expect(try alice.client.post(query).ok()["viewer"]["username"].string == alice.username)
            #expect(try bob.client.post(query).ok()["viewer"]["username"].string == bob.username)
            #expect(try server.anonymous.post(query).ok()["viewer"] == .null)
        }
    }

    @Test("a signed-out token is not answered from an entry made while it was valid")
    func signOut() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("leaver")
        let query = "{ viewer { username } }"
        _ = try cook.client.post(query).ok()
        _ = try cook.client.post(query).ok()
        _ = try cook.client.post("mutation { signOut }").ok()
        #expect(try cook.client.post(query).ok()["viewer"] == .null)
    }

    /// Runs `sql` on the server's database through a connection Kitchen did not open, as
    /// another program (or an operator's `psql`) would.
    static func writeElsewhere(_ server: TestServer, _ sql: String, _ argument: Int64? = nil) throws {
        if TestServer.onPostgres {
            let outsider = try PostgresConnection(url: server.location)
            defer { outsider.close() }
            if let argument { try outsider.execute(sql, argument) } else { try outsider.execute(sql) }
            return
        }
        let database = try Database.open(path: server.location, migrations: DomainMigrations.all)
        defer { database.close() }
        try database.write { c in
            if let argument { try c.execute(sql, argument) } else { try c.execute(sql) }
        }
    }

    /// Whether `seen` holds of the answer to `query` now. SQLite notices another program's
    /// commit at the very next request (`PRAGMA data_version`); PostgreSQL announces it by
    /// notification, which may still be on its way, so there the answer is asked for until
    /// it holds (at most a few seconds).
    static func seenAfterWriteElsewhere(
        _ client: GraphQLClient, _ query: String, _ seen: (JSON) -> Bool
    ) throws -> Bool {
        guard TestServer.onPostgres else { return seen(try client.post(query).ok()) }
        return try StreamBehaviourTests.eventually { seen(try client.post(query).ok()) }
    }

    @Test("a signed-in repeat runs no SQL, not even for its token; a token revoked elsewhere is refused at once")
    func tokensCached() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("regular")
        let query = "{ viewer { username } }"
        _ = try cook.client.post(query).ok()
        let repeated = try cook.client.post(query)
        #expect(try repeated.ok()["viewer"]["username"].string == cook.username)
        #expect(repeated.sqlStatements == 0)
        try Self.writeElsewhere(server, "DELETE FROM auth_tokens")
        #expect(try Self.seenAfterWriteElsewhere(cook.client, query) { $0["viewer"] == .null })
    }

    @Test("answers that read the clock, or carry errors, run again every time")
    func notReused() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        // Popular keywords look back seven days from now.
        _ = try server.anonymous.post("{ popularKeywords }").ok()
        #expect(Self.statements(try server.anonymous.post("{ popularKeywords }")) > 0)
        // Recipes load, then the cart fails for want of a viewer: partial data, one error.
        let partial = "{ recipes(first: 1) { nodes { id } } cart { totalQuantity } }"
        #expect(try server.anonymous.post(partial).errorCode == "UNAUTHENTICATED")
        #expect(Self.statements(try server.anonymous.post(partial)) > 0)
    }

    @Test("a write by another connection is seen by the very next request (on PostgreSQL, once announced)")
    func otherWriter() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let query = "{ recipes(first: 1) { nodes { id name } } }"
        let recipe = try server.anonymous.post(query).ok()["recipes"]["nodes"].array[0]
        _ = try server.anonymous.post(query).ok()
        let encoded = try #require(recipe["id"].string)
        let id = try #require(GlobalID(encoded: encoded)?.rowID)
        let placeholder = TestServer.onPostgres ? "$1" : "?"
        try Self.writeElsewhere(server, "UPDATE recipes SET name = 'Renamed elsewhere' WHERE id = \(placeholder)", id)
        #expect(try Self.seenAfterWriteElsewhere(server.anonymous, query) {
            $0["recipes"]["nodes"].array.first?["name"].string == "Renamed elsewhere"
        })
    }

    @Test("mutations are never answered from the cache")
    func mutationsRun() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("renamer")
        let rename = "mutation($n: String!) { updateProfile(input: { name: $n }) { name } }"
        for name in ["One", "One", "Two"] {
            let response = try cook.client.post(rename, ["n": .string(name)])
            #expect(try response.ok()["updateProfile"]["name"].string == name)
            #expect(Self.statements(response) > 1)
        }
    }
}
