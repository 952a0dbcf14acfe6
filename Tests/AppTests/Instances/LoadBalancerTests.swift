import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// Debian's nginx as the load balancer in front of two instances, with the configuration
/// the README shows (`docs/nginx.conf`): requests spread over both, and server-sent
/// events, multipart subscriptions and WebSockets pass through it, each stream hearing
/// changes made through whichever instance.
@Suite("nginx in front of two instances")
struct LoadBalancerTests {
    /// Two instances (trusting nginx's address) and nginx in front of them.
    final class Balanced {
        let pair: TwoInstances
        let nginx: NginxBalancer

        init() throws {
            pair = try TwoInstances.start {
                $0.trustedProxies = ["127.0.0.1"]
                $0.subscriptions.keepAliveInterval = .milliseconds(200)
            }
            do {
                nginx = try NginxBalancer(upstreams: [pair.a.server.port, pair.b.server.port])
            } catch {
                pair.stop()
                throw error
            }
        }

        func stop() {
            nginx.stop()
            pair.stop()
        }

        /// `client` through nginx.
        func through(_ client: GraphQLClient) -> GraphQLClient { GraphQLClient(port: nginx.port, token: client.token) }

        /// GraphQL requests an instance has answered, from its own `/metrics`.
        func answered(_ server: TestServer) throws -> Double {
            let scrape = try TestClient(port: server.server.port).request("GET", "/metrics").text
            return scrape.split(separator: "\n").filter { $0.hasPrefix("kitchen_graphql_requests_total{") }
                .compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +)
        }
    }

    @Test("the README shows docs/nginx.conf as it is (on either store)")
    func readmeShowsTheFile() throws {
        let file = try String(contentsOf: NginxBalancer.configuration, encoding: .utf8)
        let readme = try String(contentsOf: ReadmeTests.readme, encoding: .utf8)
        #expect(readme.contains("```nginx\n" + file + "```\n"))
    }

    @Test("requests through nginx reach both instances, and each answers for the other's writes", TwoInstances.enabled)
    func spreadsRequests() throws {
        let balanced = try Balanced()
        defer { balanced.stop() }
        let buyer = try balanced.pair.world.account()
        let before = try [balanced.pair.a, balanced.pair.b].map(balanced.answered)
        let viaNginx = balanced.through(buyer.client)
        for quantity in 1...10 {
            let cart = try viaNginx.addToCart(balanced.pair.catalog.goodsID("apple"))
            #expect(cart["totalQuantity"].int == quantity, "each add sees every one before it, on either instance")
        }
        let after = try [balanced.pair.a, balanced.pair.b].map(balanced.answered)
        #expect(after[0] > before[0] && after[1] > before[1], "nginx sent requests to both: \(before) → \(after)")
    }

    @Test("two streams through nginx land on different instances, and both hear a change", TwoInstances.enabled, arguments: [
        StreamBehaviourTests.Kind.eventStream, .multipart,
    ])
    func streamsPassThrough(_ kind: StreamBehaviourTests.Kind) throws {
        let balanced = try Balanced()
        defer { balanced.stop() }
        let buyer = try balanced.pair.world.account()
        let token = try #require(buyer.client.token)
        let streams = try (0..<2).map { _ in
            let stream = try StreamBehaviourTests.subscribe(kind, port: balanced.nginx.port, token: token)
            #expect(stream.status == 200)
            if kind == .multipart { #expect(try stream.nextPart() == "{}") }
            return stream
        }
        // least_conn: the second stream goes to the instance without one.
        for server in [balanced.pair.a, balanced.pair.b] {
            #expect(StreamBehaviourTests.eventually { (try? GraphQLOverWebSocketTests.openSubscriptions(server)) == 1 })
        }
        try balanced.through(buyer.client).addToCart(balanced.pair.catalog.goodsID("apple"), quantity: 2)
        for stream in streams {
            #expect(try StreamBehaviourTests.nextResult(kind, stream)["data"]["cartChanged"]["totalQuantity"].int == 2)
        }
        // A sign-out through nginx ends both, on either instance.
        _ = try balanced.through(buyer.client).post("mutation { signOut }").ok()
        for stream in streams {
            if kind == .eventStream {
                #expect(try stream.nextEvent().name == "complete")
            } else {
                #expect(JSON(data: Data((try stream.nextPayloadPart() ?? "").utf8))["errors"][0]["extensions"]["code"].string
                    == "UNAUTHENTICATED")
            }
            #expect(stream.waitForEnd())
        }
    }

    @Test("WebSockets pass through nginx: two sockets on the two instances both hear a change", TwoInstances.enabled)
    func webSocketsPassThrough() throws {
        let balanced = try Balanced()
        defer { balanced.stop() }
        let buyer = try balanced.pair.world.account()
        let token = try #require(buyer.client.token)
        let sockets = try (0..<2).map { _ in
            let socket = try GraphQLSocket(port: balanced.nginx.port, token: token)
            try GraphQLOverWebSocketTests.openCartStream(socket)
            return socket
        }
        for server in [balanced.pair.a, balanced.pair.b] {
            #expect(StreamBehaviourTests.eventually { (try? GraphQLOverWebSocketTests.openSubscriptions(server)) == 1 })
        }
        try balanced.through(buyer.client).addToCart(balanced.pair.catalog.goodsID("apple"), quantity: 3)
        for socket in sockets {
            #expect(try socket.next()["payload"]["data"]["cartChanged"]["totalQuantity"].int == 3)
        }
        _ = try balanced.through(buyer.client).post("mutation { signOut }").ok()
        for socket in sockets { #expect(try socket.closed().code == 4403) }
    }

    @Test("third-party clients through nginx: gql over graphql-transport-ws, httpx-sse, python-multipart", TwoInstances.enabled)
    func thirdPartyClients() throws {
        let balanced = try Balanced()
        defer { balanced.stop() }
        let buyer = try balanced.pair.a.signUp("balanced")
        let goods = balanced.pair.catalog.goodsID("apple")
        let lines = try ThirdPartyClients.run(
            ThirdPartyWebSocketTests.script, ["gql", balanced.nginx.url, buyer.token, goods])
        #expect(lines == [
            #"{"query": {"viewer": {"username": "\#(buyer.username)"}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 3}}}"#,
            #"{"mutation": {"addToCart": {"totalQuantity": 4}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 4}}}"#,
        ])
        let change = JSON.object([
            "query": .string("mutation($g: ID!) { addToCart(goodsId: $g, quantity: 1) { totalQuantity } }"),
            "variables": ["g": .string(goods)],
        ]).text
        for (mode, total) in [("sse", 5), ("multipart", 6)] {
            let printed = try ThirdPartyClients.run(
                ThirdPartyClientTests.script, [mode, balanced.nginx.url, buyer.token, change])
            #expect(printed == [#"{"data": {"cartChanged": {"totalQuantity": \#(total)}}}"#], "\(mode)")
        }
    }
}
