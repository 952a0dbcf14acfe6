import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// Errors raised while a subscription's source stream is made (CreateSourceEventStream)
/// carry the root field's location and path, as graphql-js reports them.
@Suite("Subscription source stream errors")
struct SourceStreamErrorTests {
    /// The request errors of an event-stream request that is refused before it opens.
    func refusal(port: UInt16, _ query: String, token: String? = nil) throws -> (status: Int, errors: [JSON]) {
        let client = try StreamClient(port: port)
        var headers = ["Accept: text/event-stream", "Content-Type: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        let body = JSON.object(["query": .string(query)]).text
        try client.open("POST", "/graphql", headers: headers, body: Array(body.utf8))
        return (client.status, JSON(data: Data(client.bodyText.utf8))["errors"].array)
    }

    @Test("cartChanged without a viewer, and commentAdded on a bad or missing thread, point at the root field")
    func locatedAtRootField() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let cases: [(query: String, code: String, path: String, line: Int, column: Int)] = [
            ("subscription { cartChanged { totalQuantity } }", "UNAUTHENTICATED", "cartChanged", 1, 16),
            ("subscription {\n  thread: commentAdded(targetId: \"nope\") { text }\n}", "BAD_USER_INPUT", "thread", 2, 3),
            ("subscription { commentAdded(targetId: \"\(cook.id)\") { text } }", "BAD_USER_INPUT", "commentAdded", 1, 16),
        ]
        for item in cases {
            let (status, errors) = try refusal(port: server.server.port, item.query)
            #expect(status == 400, "\(item.query)")
            #expect(errors.count == 1, "\(item.query)")
            let error = errors.first ?? .missing
            #expect(error["extensions"]["code"].string == item.code, "\(item.query)")
            #expect(error["path"].array.compactMap(\.string) == [item.path], "\(item.query)")
            #expect(error["locations"][0]["line"].int == item.line, "\(item.query)")
            #expect(error["locations"][0]["column"].int == item.column, "\(item.query)")
        }
    }
}
