import Foundation
import Testing

@testable import App

/// `cartChanged` through third-party client libraries (`Tests/ThirdParty/subscription_clients.py`):
/// httpx-sse for server-sent events, python-multipart's streaming parser over an httpx
/// stream for Apollo's multipart subscriptions. Each subscribes, has the cart changed over
/// another connection, and must receive the event.
@Suite("Subscriptions through third-party clients")
struct ThirdPartyClientTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/subscription_clients.py").path

    @Test("a third-party client receives cartChanged after another connection changes the cart", arguments: ["sse", "multipart"])
    func cartChanged(_ mode: String) throws {
        // Heartbeats often, so that a parser that waits for the bytes after a part has them soon.
        let world = try CommerceWorld.start { $0.subscriptions.keepAliveInterval = .milliseconds(200) }
        defer { world.stop() }
        let buyer = try world.server.signUp("python")
        let change = JSON.object([
            "query": .string("mutation($g: ID!) { addToCart(goodsId: $g, quantity: 3) { totalQuantity } }"),
            "variables": ["g": .string(world.catalog.goodsID("apple"))],
        ]).text
        let printed = try ThirdPartyClients.run(Self.script, [mode, world.server.server.url, buyer.token, change])
        #expect(printed == [#"{"data": {"cartChanged": {"totalQuantity": 3}}}"#])
    }
}
