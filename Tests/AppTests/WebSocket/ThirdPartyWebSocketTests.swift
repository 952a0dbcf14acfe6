import Foundation
import Testing

@testable import App

/// GraphQL over WebSocket through third-party clients (`Tests/ThirdParty/websocket_clients.py`):
/// gql 3.5's WebsocketsTransport on `graphql-transport-ws`, and the `websockets` library
/// for the protocol's answers to clients that break it.
@Suite("GraphQL over WebSocket through third-party clients")
struct ThirdPartyWebSocketTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/websocket_clients.py").path

    /// Runs the script with `arguments`; its printed lines, after it exited 0.
    static func run(_ arguments: [String]) throws -> [String] {
        try ThirdPartyClients.run(script, arguments)
    }

    @Test("gql over graphql-transport-ws: a query, cartChanged after a change over HTTP, a mutation and its event")
    func gqlClient() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.server.signUp("gql", name: "G. Q. L.")
        let lines = try Self.run(["gql", world.server.server.url, buyer.token, world.catalog.goodsID("apple")])
        #expect(lines == [
            #"{"query": {"viewer": {"username": "\#(buyer.username)"}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 3}}}"#,
            #"{"mutation": {"addToCart": {"totalQuantity": 4}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 4}}}"#,
        ])
    }

    @Test("the websockets library sees the subprotocol chosen, the ack, and the close codes 4406 and 4401")
    func rawClient() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        #expect(try Self.run(["raw", server.server.url]) == [
            #"{"subprotocol": "graphql-transport-ws"}"#,
            #"{"ack": {"type": "connection_ack"}}"#,
            #"{"no subprotocol": 4406}"#,
            #"{"subscribe before init": 4401, "reason": "Unauthorized"}"#,
        ])
    }
}
