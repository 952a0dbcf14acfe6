import Foundation
import Testing
import KitchenTestSupport
@testable import App

/// Every personal field and mutation against four kinds of stranger — no token, a
/// malformed token, a revoked token, another user's token — reveals nothing of the owner's
/// and changes nothing.
@Suite("Tokens: no token, malformed, revoked, another user's")
struct TokenMatrixTests {
    /// Authorization headers that name no session.
    static let malformed: [String] = [
        "Bearer", "Bearer ", "Bearer a b c", "Basic dXNlcjpwYXNz", "bearer\tx",
        "Bearer " + String(repeating: "t", count: 500), "Bearer \u{7F}\u{1}", "Token abc",
        "Bearer ' OR 1=1 --",
    ]

    /// The social and commerce personal operations, with the owner's IDs filled in.
    static func operations(_ world: PersonalAccessTests.World) -> [String] {
        PersonalAccessTests.personal.map { world.fill($0) } + CommercePersonalAccessTests.personal
    }

    /// What the owner can see of their own things; compared before and after.
    static func ownerState(_ world: PersonalAccessTests.World) throws -> String {
        try world.owner.client.post(
            """
            { viewer { name bio followingCount drafts { totalCount } collections { totalCount } }
              searchHistory cart { totalQuantity } addresses { id } }
            """).ok().text
    }

    func expectNothingRevealed(_ response: GraphQLResponse, _ what: String) {
        #expect(response.errorCode == "UNAUTHENTICATED", "\(what): \(response)")
        let values: [JSON] = if case .object(let members) = response.data { Array(members.values) } else { [] }
        #expect(response.data.isNull || values.allSatisfy(\.isNull), "\(what): \(response)")
    }

    @Test("no token, a malformed token and a revoked token are all UNAUTHENTICATED and change nothing")
    func strangers() throws {
        let world = try PersonalAccessTests.World()
        defer { world.server.stop() }
        _ = try world.owner.client.post("mutation { recordSearch(keyword: \"owner-secret\") }").ok()
        let before = try Self.ownerState(world)

        let revoked = try world.server.signUp("revoked")
        _ = try revoked.client.post("mutation { signOut }").ok()
        let strangers: [String?] = [nil, "Bearer \(revoked.token)"] + Self.malformed
        for authorization in strangers {
            for operation in Self.operations(world) {
                let response = try Self.post(operation, authorization: authorization, port: world.server.server.port)
                expectNothingRevealed(response, "\(authorization ?? "no token"): \(operation)")
            }
        }
        #expect(try Self.ownerState(world) == before)
    }

    @Test("another user's token sees only its own empty things and changes nothing of the owner's")
    func anotherUser() throws {
        let world = try PersonalAccessTests.World()
        defer { world.server.stop() }
        _ = try world.owner.client.post("mutation { recordSearch(keyword: \"owner-secret\") }").ok()
        let before = try Self.ownerState(world)
        let other = try world.server.signUp("other")
        // Everything but signing out, which would end the other user's own session.
        for operation in Self.operations(world) where !operation.contains("signOut") {
            let response = try other.client.post(operation)
            #expect(response.status < 500, "\(operation): \(response)")
            #expect(!response.errorCodes.contains("INTERNAL"), "\(operation): \(response)")
            #expect(!response.text.contains("owner-secret"), "\(operation): \(response)")
        }
        let own = try other.client.post("{ searchHistory viewer { id } }").ok()
        #expect(!own.text.contains("owner-secret"))
        #expect(own["viewer"]["id"].string == other.id)
        // The other user's own searches and cart lines are theirs; the owner's are as before.
        #expect(try Self.ownerState(world) == before)
    }
}

extension TokenMatrixTests {
    /// Posts `query` with exactly this `Authorization` header (none when nil).
    static func post(_ query: String, authorization: String?, port: UInt16) throws -> GraphQLResponse {
        var headers = ["Content-Type: application/json", "Accept: application/graphql-response+json"]
        if let authorization { headers.append("Authorization: \(authorization)") }
        let body = JSON.object(["query": .string(query)]).text
        let response = try TestClient(port: port, timeoutSeconds: 60).request(
            "POST", "/graphql", headers: headers, body: Array(body.utf8))
        return GraphQLResponse(status: response.status, body: JSON(data: Data(response.body)), text: response.text)
    }
}
