import Foundation
import HTTPServer
import KitchenTestSupport
import Testing

@testable import App

/// GraphQL over WebSocket (`graphql-transport-ws`) against the real schema, over real
/// sockets: operations, subscriptions, the protocol's close codes, streams that behave.
@Suite("GraphQL over WebSocket")
struct GraphQLOverWebSocketTests {
    static let cartChanged = "subscription { cartChanged { totalQuantity } }"

    /// Subscribes to `cartChanged` as `id` and waits until the stream is open (a second
    /// operation on the socket is answered only after the first was judged).
    static func openCartStream(_ socket: GraphQLSocket, id: String = "cart") throws {
        try socket.subscribe(id: id, ["query": .string(cartChanged)])
        try socket.subscribe(id: "\(id)-probe", ["query": "{ __typename }"])
        while true {
            let message = try socket.next()
            #expect(message["id"].string == "\(id)-probe", "the stream did not open: \(message.text)")
            if message["type"].string != "next" { return }
        }
    }

    /// The messages for `ids` until each has completed or failed, by id.
    static func collect(_ socket: GraphQLSocket, _ ids: Set<String>) throws -> [String: [JSON]] {
        var messages: [String: [JSON]] = [:]
        var open = ids
        while !open.isEmpty {
            let message = try socket.next()
            guard let id = message["id"].string else { continue }
            messages[id, default: []].append(message)
            if ["complete", "error"].contains(message["type"].string) { open.remove(id) }
        }
        return messages
    }

    static func openSubscriptions(_ server: TestServer) throws -> Int? {
        let scrape = try TestClient(port: server.server.port).request("GET", "/metrics").text
        return scrape.split(separator: "\n").first { $0.hasPrefix("kitchen_open_subscriptions ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) }
    }

    @Test("queries and mutations run over one socket, several at once, each answered next then complete")
    func queriesAndMutations() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.server.signUp("socketeer", name: "Sock")
        let socket = try GraphQLSocket(port: world.server.server.port, token: buyer.token)
        try socket.subscribe(id: "who", ["query": "{ viewer { name } }"])
        try socket.subscribe(id: "add", [
            "query": "mutation($id: ID!) { addToCart(goodsId: $id, quantity: 3) { totalQuantity } }",
            "variables": ["id": .string(world.catalog.goodsID("apple"))],
        ])
        try socket.subscribe(id: "bad", ["query": "{ nope }"])
        let messages = try Self.collect(socket, ["who", "add", "bad"])
        #expect(messages["who"]?.map { $0["type"].string } == ["next", "complete"])
        #expect(messages["who"]?[0]["payload"]["data"]["viewer"]["name"].string == "Sock")
        #expect(messages["add"]?[0]["payload"]["data"]["addToCart"]["totalQuantity"].int == 3)
        #expect(messages["bad"]?.map { $0["type"].string } == ["error"])
        #expect(messages["bad"]?[0]["payload"][0]["extensions"]["code"].string == "GRAPHQL_VALIDATION_FAILED")
        // The mutation is committed: HTTP sees it.
        #expect(try buyer.client.post("{ cart { totalQuantity } }").ok()["cart"]["totalQuantity"].int == 3)
    }

    @Test("a cartChanged subscription hears a change made over HTTP, and stops at complete")
    func cartChangedOverWebSocket() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.server.signUp("listener")
        let socket = try GraphQLSocket(port: world.server.server.port, token: buyer.token)
        try Self.openCartStream(socket)
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 2)
        let event = try socket.next()
        #expect(event["id"].string == "cart" && event["type"].string == "next")
        #expect(event["payload"]["data"]["cartChanged"]["totalQuantity"].int == 2)
        try socket.send(["id": "cart", "type": "complete"])
        #expect(try StreamBehaviourTests.eventually { try Self.openSubscriptions(world.server) == 0 })
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 1)
        try socket.send(["type": "ping"])
        #expect(try socket.next()["type"].string == "pong", "no event after complete")
    }

    @Test("a socket whose client goes away frees its subscriptions' slots at once")
    func goneClientFreesSlots() throws {
        let server = try TestServer.start { $0.subscriptions.maxStreamsPerUser = 2 }
        defer { server.stop() }
        let cook = try server.signUp("roamer")
        var socket: GraphQLSocket? = try GraphQLSocket(port: server.server.port, token: cook.token)
        try Self.openCartStream(socket!, id: "a")
        try Self.openCartStream(socket!, id: "b")
        #expect(try Self.openSubscriptions(server) == 2)
        socket = nil  // the TCP connection closes without a Close frame
        #expect(try StreamBehaviourTests.eventually { try Self.openSubscriptions(server) == 0 })
        let again = try GraphQLSocket(port: server.server.port, token: cook.token)
        try Self.openCartStream(again)
    }

    @Test("past the per-user limit a subscribe gets an error: RATE_LIMITED, saying when to retry")
    func rateLimited() throws {
        let server = try TestServer.start { $0.subscriptions.maxStreamsPerUser = 1 }
        defer { server.stop() }
        let cook = try server.signUp("greedy")
        let socket = try GraphQLSocket(port: server.server.port, token: cook.token)
        try Self.openCartStream(socket, id: "one")
        try socket.subscribe(id: "two", ["query": .string(Self.cartChanged)])
        let refused = try socket.next()
        #expect(refused["id"].string == "two" && refused["type"].string == "error")
        #expect(refused["payload"][0]["extensions"]["code"].string == "RATE_LIMITED")
        #expect(refused["payload"][0]["message"].string?.contains("try again in 5 seconds") == true)
        // The refused id is free again; the socket goes on.
        try socket.subscribe(id: "two", ["query": "{ __typename }"])
        #expect(try socket.next()["payload"]["data"]["__typename"].string == "Query")
    }

    @Test("signOut closes every socket of that token with 4403 — with a stream open or not — and no other")
    func signOutCloses() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let account = try server.signUp("leaving")
        let other = try server.signIn(account.username, password: TestAccount.password)
        let streaming = try GraphQLSocket(port: server.server.port, token: account.token)
        try Self.openCartStream(streaming)
        let querying = try GraphQLSocket(port: server.server.port, token: account.token)
        let bystander = try GraphQLSocket(port: server.server.port, token: other.token)
        try Self.openCartStream(bystander)
        _ = try account.client.post("mutation { signOut }").ok()
        for socket in [streaming, querying] {
            let closed = try socket.closed()
            #expect(closed.code == 4403, "\(closed)")
            #expect(closed.reason.hasPrefix("Forbidden"))
        }
        try bystander.subscribe(id: "still", ["query": "{ viewer { username } }"])
        #expect(try bystander.next()["payload"]["data"]["viewer"]["username"].string == account.username)
    }

    @Test("the protocol's close codes", arguments: [
        ("4400 bad message", #"{"type":"subscribe","id":"1"}"#, 4400),
        ("4400 not JSON", "hello", 4400),
        ("4429 second connection_init", #"{"type":"connection_init"}"#, 4429),
        ("4409 an id in use", #"{"type":"subscribe","id":"c","payload":{"query":"subscription { commentAdded(targetId: \"x\") { id } }"}}"#, 4409),
    ] as [(String, String, UInt16)])
    func closeCodesAfterAck(_ name: String, _ message: String, _ code: UInt16) throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let socket = try GraphQLSocket(port: server.server.port)
        if code == 4409 {
            // A stream that stays open: the cart of a signed-in socket.
            let cook = try server.signUp("dup")
            let signedIn = try GraphQLSocket(port: server.server.port, token: cook.token)
            try Self.openCartStream(signedIn, id: "c")
            try signedIn.client.send(text: message)
            #expect(try signedIn.closed().code == code, "\(name)")
            return
        }
        try socket.client.send(text: message)
        #expect(try socket.closed().code == code, "\(name)")
    }

    @Test("subscribe before connection_ack closes with 4401")
    func subscribeBeforeAck() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.server.port, path: "/graphql", subprotocols: ["graphql-transport-ws"])
        try client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"{ __typename }"}}"#)
        let close = try client.readSkippingPings()
        #expect(close.closeCode == 4401)
        #expect(close.closeReason == "Unauthorized")
    }

    @Test("no connection_init in time closes with 4408")
    func initTimeout() throws {
        let server = try TestServer.start { $0.webSocketInitTimeout = .milliseconds(200) }
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.server.port, path: "/graphql", subprotocols: ["graphql-transport-ws"])
        let close = try client.readSkippingPings()
        #expect(close.closeCode == 4408)
        #expect(close.closeReason == "Connection initialisation timeout")
    }

    @Test("a client that does not offer graphql-transport-ws is switched without a subprotocol and closed with 4406")
    func subprotocolNotAcceptable() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        for offered in [["graphql-ws"], []] {
            let client = try WebSocketTestClient(port: server.server.port, path: "/graphql", subprotocols: offered)
            #expect(client.header("Sec-WebSocket-Protocol") == nil)
            #expect(try client.readSkippingPings().closeCode == 4406, "offering \(offered)")
        }
    }

    @Test("RFC 6455 matters close with their codes on /graphql too: binary 1003, unmasked 1002, too big 1009")
    func rfcCloseCodes() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.server.port
        let binary = try GraphQLSocket(port: port)
        try binary.client.send(opcode: WebSocketTestClient.binary, payload: Array(#"{"type":"ping"}"#.utf8))
        #expect(try binary.closed().code == 1003)
        let unmasked = try GraphQLSocket(port: port)
        try unmasked.client.send(opcode: WebSocketTestClient.text, payload: Array(#"{"type":"ping"}"#.utf8), masked: false)
        #expect(try unmasked.closed().code == 1002)
        let big = try GraphQLSocket(port: port)
        try big.client.send(WebSocketTestClient.header(opcode: WebSocketTestClient.text, length: 2 << 20))
        #expect(try big.closed().code == 1009)
        // The server is unharmed.
        let fine = try GraphQLSocket(port: port)
        try fine.subscribe(id: "1", ["query": "{ __typename }"])
        #expect(try fine.next()["type"].string == "next")
    }

    @Test("ping is answered with pong")
    func pingPong() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let socket = try GraphQLSocket(port: server.server.port)
        try socket.send(["type": "ping", "payload": ["at": 1]])
        let pong = try socket.next()
        #expect(pong["type"].string == "pong")
        #expect(pong["payload"]["at"].int == 1)
    }

    @Test("stopping the server closes its sockets with 1001")
    func serverStop() throws {
        let server = try TestServer.start()
        let cook = try server.signUp("late")
        let socket = try GraphQLSocket(port: server.server.port, token: cook.token)
        try Self.openCartStream(socket)
        let stopper = Thread { server.stop() }
        stopper.start()
        #expect(try socket.closed().code == 1001)
    }
}
