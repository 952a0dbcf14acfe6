import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// A subscription on one instance hears a change made through another within a second,
/// on every streaming transport: the commit appends to the `events` table and its
/// notification wakes every instance's feed, which reads the table.
@Suite("Subscriptions across instances", TwoInstances.enabled)
struct InstancesSubscriptionTests {
    enum Transport: String, CaseIterable, Sendable { case eventStream, multipart, webSocket }

    /// A `cartChanged` stream open on a server: its next event's `totalQuantity`.
    struct CartStream {
        let next: () throws -> Int?
    }

    /// Opens a `cartChanged` stream over `transport` on `port` as `token`, and returns once
    /// it is open.
    static func open(_ transport: Transport, port: UInt16, token: String) throws -> CartStream {
        switch transport {
        case .eventStream, .multipart:
            let kind: StreamBehaviourTests.Kind = transport == .eventStream ? .eventStream : .multipart
            let stream = try StreamBehaviourTests.subscribe(kind, port: port, token: token)
            #expect(stream.status == 200)
            if kind == .multipart { #expect(try stream.nextPart() == "{}") }
            return CartStream {
                try StreamBehaviourTests.nextResult(kind, stream)["data"]["cartChanged"]["totalQuantity"].int
            }
        case .webSocket:
            let socket = try GraphQLSocket(port: port, token: token)
            try GraphQLOverWebSocketTests.openCartStream(socket)
            return CartStream {
                let message = try socket.next()
                #expect(message["id"].string == "cart" && message["type"].string == "next")
                return message["payload"]["data"]["cartChanged"]["totalQuantity"].int
            }
        }
    }

    @Test("a change through B reaches a stream on A within a second, and a change through A a stream on B", arguments: Transport.allCases)
    func changeReachesTheOtherInstance(_ transport: Transport) throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let buyer = try pair.world.account()
        let token = try #require(buyer.client.token)
        let onA = try Self.open(transport, port: pair.a.server.port, token: token)
        let onB = try Self.open(transport, port: pair.b.server.port, token: token)
        try pair.onB(buyer.client).addToCart(pair.catalog.goodsID("apple"), quantity: 2)
        var quantity: Int?
        let waited = try seconds { quantity = try onA.next() }
        #expect(quantity == 2)
        #expect(waited < 1, "the event took \(waited) s to reach the other instance")
        #expect(try onB.next() == 2)
        try buyer.client.addToCart(pair.catalog.goodsID("apple"), quantity: 1)
        let back = try seconds { quantity = try onB.next() }
        #expect(quantity == 3)
        #expect(back < 1, "the event took \(back) s to reach the other instance")
        #expect(try onA.next() == 3)
    }

    @Test("commentAdded on A streams a comment written through B", arguments: [Transport.eventStream, .webSocket])
    func commentsAcrossInstances(_ transport: Transport) throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let cook = try pair.a.signUp("cook")
        let dish = try cook.uploadDish("shared")
        let query = "subscription($t: ID!) { commentAdded(targetId: $t) { text } }"
        let variables: JSON = ["t": .string(dish)]
        var next: () throws -> String?
        if transport == .eventStream {
            let stream = try StreamClient(port: pair.a.server.port, timeoutMilliseconds: 30_000)
            try stream.open(
                "POST", "/graphql", headers: ["Accept: text/event-stream", "Content-Type: application/json"],
                body: Array(JSON.object(["query": .string(query), "variables": variables]).text.utf8))
            #expect(stream.status == 200)
            next = { JSON(data: Data(try stream.nextEvent().data.utf8))["data"]["commentAdded"]["text"].string }
        } else {
            let socket = try GraphQLSocket(port: pair.a.server.port)
            try socket.subscribe(id: "c", ["query": .string(query), "variables": variables])
            try socket.subscribe(id: "probe", ["query": "{ __typename }"])
            // The probe's answer (`next`, then `complete`) means the stream is open.
            while try socket.next()["type"].string != "complete" {}
            next = { try socket.next()["payload"]["data"]["commentAdded"]["text"].string }
        }
        _ = try pair.onB(cook.client).post(
            "mutation($t: ID!) { addComment(targetId: $t, text: \"written on B\") { id } }", ["t": .string(dish)]
        ).ok()
        #expect(try next() == "written on B")
    }
}

/// The same through third-party clients (`Tests/ThirdParty/`): each subscribes on A and has
/// the cart changed through B.
@Suite("Subscriptions across instances through third-party clients", TwoInstances.enabled)
struct InstancesThirdPartySubscriptionTests {
    @Test("httpx-sse and python-multipart on A hear a cart change made through B", arguments: ["sse", "multipart"])
    func streams(_ mode: String) throws {
        let pair = try TwoInstances.start { $0.subscriptions.keepAliveInterval = .milliseconds(200) }
        defer { pair.stop() }
        let buyer = try pair.a.signUp("python")
        let change = JSON.object([
            "query": .string("mutation($g: ID!) { addToCart(goodsId: $g, quantity: 3) { totalQuantity } }"),
            "variables": ["g": .string(pair.catalog.goodsID("apple"))],
        ]).text
        let lines = try ThirdPartyClients.run(
            ThirdPartyClientTests.script, [mode, pair.a.server.url, buyer.token, change, pair.b.server.url])
        #expect(lines == [#"{"data": {"cartChanged": {"totalQuantity": 3}}}"#])
    }

    @Test("gql over graphql-transport-ws on A hears changes made through B, and its own mutation")
    func webSocket() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let buyer = try pair.a.signUp("gql", name: "G. Q. L.")
        let lines = try ThirdPartyClients.run(
            ThirdPartyWebSocketTests.script,
            ["gql", pair.a.server.url, buyer.token, pair.catalog.goodsID("apple"), pair.b.server.url])
        #expect(lines == [
            #"{"query": {"viewer": {"username": "\#(buyer.username)"}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 3}}}"#,
            #"{"mutation": {"addToCart": {"totalQuantity": 4}}}"#,
            #"{"event": {"cartChanged": {"totalQuantity": 4}}}"#,
        ])
    }
}

/// Runs the third-party client scripts of `Tests/ThirdParty/`.
enum ThirdPartyClients {
    /// Runs `python3 script arguments…`; its printed lines, once it exited (0 expected).
    static func run(_ script: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.first ?? ""): \(complaint)")
        return printed.split(separator: "\n").map(String.init)
    }
}
