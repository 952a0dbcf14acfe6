import Foundation
import KitchenTestSupport
import Testing

@testable import App

@Suite("Subscriptions over server-sent events")
struct EventStreamTests {
    static let sse = "Accept: text/event-stream"
    static let json = "Content-Type: application/json"

    func subscribe(
        _ server: TinySubscriptionServer, _ query: String, user: String? = nil
    ) throws -> StreamClient {
        let client = try StreamClient(port: server.port)
        var headers = [Self.sse, Self.json]
        if let user { headers.append("X-User: \(user)") }
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        try client.open("POST", "/graphql", headers: headers, body: [UInt8](body))
        return client
    }

    /// Checks that the hub counts `count` open streams: a stream is registered before its
    /// response head is sent, so the count is exact once `open` has returned.
    func expectOpen(_ server: TinySubscriptionServer, _ count: Int) {
        #expect(server.hub.openCount == count)
    }

    @Test("a POSTed subscription streams next events with data, written by another connection")
    func nextEvents() throws {
        try TinySubscriptionServer.with { server in
            let client = try subscribe(server, #"subscription { events(topic: "t1") { topic payload } }"#)
            #expect(client.status == 200)
            #expect(client.header("Content-Type") == "text/event-stream; charset=utf-8")
            expectOpen(server, 1)
            try server.publish("t1", "a")
            try server.publish("t1", "b")
            #expect(try client.nextEvent() == .init(name: "next", data: #"{"data":{"events":{"topic":"t1","payload":"a"}}}"#))
            #expect(try client.nextEvent().data == #"{"data":{"events":{"topic":"t1","payload":"b"}}}"#)
        }
    }

    @Test("a GET subscription works too, and two subscribers of one topic both hear an event")
    func getAndFanOut() throws {
        try TinySubscriptionServer.with { server in
            let query = #"subscription { events(topic: "shared") { payload } }"#
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let first = try StreamClient(port: server.port)
            #expect(try first.open("GET", "/graphql?query=\(encoded)", headers: [Self.sse]) == 200)
            let second = try subscribe(server, query)
            expectOpen(server, 2)
            try server.publish("shared", "x")
            #expect(try first.nextEvent().data == #"{"data":{"events":{"payload":"x"}}}"#)
            #expect(try second.nextEvent().data == #"{"data":{"events":{"payload":"x"}}}"#)
        }
    }

    @Test("a subscriber hears only its own topic: another user's event never reaches it")
    func isolation() throws {
        try TinySubscriptionServer.with { server in
            let ann = try subscribe(server, "subscription { events { payload } }", user: "ann")
            let bob = try subscribe(server, "subscription { events { payload } }", user: "bob")
            expectOpen(server, 2)
            try server.publish("user:ann", "for ann")
            try server.publish("user:bob", "for bob")
            #expect(try ann.nextEvent().data == #"{"data":{"events":{"payload":"for ann"}}}"#)
            // Bob's first event is his own, so Ann's, written before it, never reached him.
            #expect(try bob.nextEvent().data == #"{"data":{"events":{"payload":"for bob"}}}"#)
        }
    }

    @Test("errors before the stream opens are GraphQL responses: unauthenticated, invalid")
    func requestErrors() throws {
        try TinySubscriptionServer.with { server in
            let anonymous = try subscribe(server, "subscription { events { payload } }")
            #expect(anonymous.status == 400)
            #expect(anonymous.bodyText.contains("UNAUTHENTICATED"))
            let invalid = try subscribe(server, "subscription { nope }")
            #expect(invalid.status == 400)
            #expect(invalid.bodyText.contains("GRAPHQL_VALIDATION_FAILED"))
            expectOpen(server, 0)
        }
    }

    @Test("a user past the stream limit is refused with 429; others are not")
    func perUserLimit() throws {
        try TinySubscriptionServer.with { server in
            let query = #"subscription { events(topic: "t") { payload } }"#
            let open = try (0..<2).map { _ in try subscribe(server, query, user: "ann") }
            #expect(open.allSatisfy { $0.status == 200 })
            let third = try subscribe(server, query, user: "ann")
            #expect(third.status == 429)
            #expect(third.bodyText.contains("At most 2 subscriptions"))
            #expect(try subscribe(server, query, user: "bob").status == 200)
        }
    }

    @Test("identical subscriptions share one execution per event; a different document runs its own")
    func sharedExecution() throws {
        let limits = SubscriptionHub.Limits(perOwner: 10, total: 100, keepAliveInterval: .seconds(60))
        try TinySubscriptionServer.with(limits: limits) { server in
            let query = #"subscription { events(topic: "fan") { payload } }"#
            let same = try (0..<4).map { _ in try subscribe(server, query) }
            let other = try subscribe(server, #"subscription { events(topic: "fan") { topic } }"#)
            try server.publish("fan", "x")
            for client in same {
                #expect(try client.nextEvent().data == #"{"data":{"events":{"payload":"x"}}}"#)
            }
            #expect(try other.nextEvent().data == #"{"data":{"events":{"topic":"fan"}}}"#)
            #expect(server.executions.value.withLock { $0 } == 2)
        }
    }

    @Test("an idle stream gets keep-alive comments")
    func keepAlive() throws {
        let limits = SubscriptionHub.Limits(perOwner: 5, total: 10, keepAliveInterval: .milliseconds(20))
        try TinySubscriptionServer.with(limits: limits) { server in
            let client = try subscribe(server, #"subscription { events(topic: "quiet") { payload } }"#)
            #expect(try client.next().comment == "keep-alive")
        }
    }

    @Test("a client that leaves frees its place under the limit")
    func leavingFreesTheSlot() throws {
        let limits = SubscriptionHub.Limits(perOwner: 1, total: 10, keepAliveInterval: .milliseconds(10))
        try TinySubscriptionServer.with(limits: limits) { server in
            let query = #"subscription { events(topic: "t") { payload } }"#
            let first = try subscribe(server, query, user: "ann")
            #expect(first.status == 200)
            first.disconnect()
            // The server learns of the close at its next keep-alive write; a new stream is
            // accepted as soon as it has.
            var status = 429
            for _ in 0..<500 where status == 429 {
                status = try subscribe(server, query, user: "ann").status
            }
            #expect(status == 200)
        }
    }

    @Test("stopping the server ends each stream with a complete event")
    func completeOnStop() throws {
        let server = try TinySubscriptionServer()
        let client = try subscribe(server, #"subscription { events(topic: "t") { payload } }"#)
        #expect(client.status == 200)
        server.stop()
        #expect(try client.nextEvent().name == "complete")
        #expect(client.waitForEnd())
    }

    @Test("a subscription sent without Accept: text/event-stream is told how to ask")
    func withoutEventStream() throws {
        try TinySubscriptionServer.with { server in
            let client = try StreamClient(port: server.port)
            let body = Array(#"{"query":"subscription { events(topic: \"t\") { payload } }"}"#.utf8)
            let status = try client.open("POST", "/graphql", headers: [Self.json, "Accept: application/graphql-response+json"], body: body)
            #expect(status == 400)
            #expect(client.bodyText.contains("Accept: text/event-stream"))
        }
    }

    @Test("a query asked for as an event stream answers one next event and complete")
    func queryOverEventStream() throws {
        try TinySubscriptionServer.with { server in
            let client = try subscribe(server, "{ ok }")
            #expect(client.status == 200)
            #expect(client.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(try client.nextEvent() == .init(name: "next", data: #"{"data":{"ok":true}}"#))
            #expect(try client.nextEvent().name == "complete")
        }
    }
}
