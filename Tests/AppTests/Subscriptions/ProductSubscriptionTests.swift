import Foundation
import HTTPServer
import KitchenTestSupport
import Testing

@testable import App

/// `cartChanged` and `commentAdded` against the real schema and resolvers, over real sockets.
@Suite("Product subscriptions over server-sent events")
struct ProductSubscriptionTests {
    static let cartChanged = "subscription { cartChanged { totalQuantity selectedQuantity selectedSubtotal { amount } } }"

    /// Opens an event stream on `port` for `query`, as `token` (nil: anonymous).
    func subscribe(port: UInt16, _ query: String, token: String?, variables: [String: JSON] = [:]) throws -> StreamClient {
        let client = try StreamClient(port: port)
        var headers = ["Accept: text/event-stream", "Content-Type: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        let body = JSON.object(["query": .string(query), "variables": .object(variables)]).text
        try client.open("POST", "/graphql", headers: headers, body: Array(body.utf8))
        return client
    }

    func token(_ buyer: Buyer) -> String? { buyer.client.token }

    @Test("two clients subscribed to one cart both see a change made by a third")
    func twoSubscribersOneCart() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let phone = try subscribe(port: world.server.server.port, Self.cartChanged, token: token(buyer))
        let tablet = try subscribe(port: world.server.server.port, Self.cartChanged, token: token(buyer))
        #expect(phone.status == 200 && tablet.status == 200)
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 2)
        for client in [phone, tablet] {
            let event = try client.nextEvent()
            #expect(event.name == "next")
            let payload = JSON(data: Data(event.data.utf8))
            #expect(payload["data"]["cartChanged"]["totalQuantity"].int == 2)
            #expect(payload["data"]["cartChanged"]["selectedQuantity"].int == 2)
        }
    }

    @Test("open streams are counted in /metrics")
    func metricsCountStreams() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        func openStreams() throws -> Double? {
            let scrape = try TestClient(port: world.server.server.port).request("GET", "/metrics").text
            return scrape.split(separator: "\n").first { $0.hasPrefix("kitchen_open_subscriptions ") }
                .flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        #expect(try openStreams() == 0)
        let stream = try subscribe(port: world.server.server.port, Self.cartChanged, token: token(buyer))
        #expect(stream.status == 200)
        #expect(try openStreams() == 1)
    }

    @Test("a subscriber of another user's cart hears nothing of it")
    func otherUsersCart() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let (ann, bob) = (try world.account(), try world.account())
        let bobsStream = try subscribe(port: world.server.server.port, Self.cartChanged, token: token(bob))
        #expect(bobsStream.status == 200)
        try ann.client.addToCart(world.catalog.goodsID("apple"), quantity: 3)
        try bob.client.addToCart(world.catalog.goodsID("apple"), quantity: 1)
        // Bob's first event is his own change: Ann's, committed before it, never reached him.
        let event = try bobsStream.nextEvent()
        #expect(JSON(data: Data(event.data.utf8))["data"]["cartChanged"]["totalQuantity"].int == 1)
    }

    @Test("cartChanged needs a viewer")
    func unauthenticated() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let stream = try subscribe(port: world.server.server.port, Self.cartChanged, token: nil)
        #expect(stream.status == 400)
        #expect(stream.bodyText.contains("UNAUTHENTICATED"))
    }

    @Test("a write through a second Kitchen on the same database reaches a subscriber of the first")
    func secondInstance() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(2)
        let second = try KitchenServer.start(
            world.server.secondInstanceOptions(configuration), log: .discard)
        defer { second.stop() }
        let stream = try subscribe(port: world.server.server.port, Self.cartChanged, token: token(buyer))
        #expect(stream.status == 200)
        let viaSecond = GraphQLClient(port: second.port, token: buyer.client.token)
        try viaSecond.addToCart(world.catalog.goodsID("apple"), quantity: 4)
        let event = try stream.nextEvent()
        #expect(JSON(data: Data(event.data.utf8))["data"]["cartChanged"]["totalQuantity"].int == 4)
    }

    @Test("commentAdded streams each new comment of one thread, and only of that thread")
    func comments() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let (first, second) = (try cook.uploadDish("one"), try cook.uploadDish("two"))
        let query = "subscription($t: ID!) { commentAdded(targetId: $t) { text } }"
        let stream = try subscribe(port: server.server.port, query, token: nil, variables: ["t": .string(second)])
        #expect(stream.status == 200)
        for (target, text) in [(first, "on the first"), (second, "on the second")] {
            _ = try cook.client.post(
                "mutation($t: ID!, $x: String!) { addComment(targetId: $t, text: $x) { id } }",
                ["t": .string(target), "x": .string(text)]).ok()
        }
        #expect(try stream.nextEvent().data == #"{"data":{"commentAdded":{"text":"on the second"}}}"#)
        let bad = try subscribe(port: server.server.port, query, token: nil, variables: ["t": .string(cook.id)])
        #expect(bad.status == 400 && bad.bodyText.contains("BAD_USER_INPUT"))
    }
}
