import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// Behind a load balancer every connection comes from its address: with `--trusted-proxy`
/// the per-address limits count the client its `X-Forwarded-For` names, and without it the
/// header changes nothing.
@Suite("Clients behind a trusted proxy")
struct TrustedProxyTests {
    /// A failed sign-in of `username` sent with `forwardedFor`; its error code.
    static func failedSignIn(_ server: TestServer, _ username: String, forwardedFor: String) throws -> String? {
        try signIn(server, username, password: "wrong password", forwardedFor: forwardedFor)
    }

    static func signIn(_ server: TestServer, _ username: String, password: String, forwardedFor: String) throws -> String? {
        let body = JSON.object([
            "query": .string(SignInThrottleTests.signIn), "variables": ["u": .string(username), "p": .string(password)],
        ]).text
        let response = try TestClient(port: server.server.port).request(
            "POST", "/graphql", headers: ["Content-Type: application/json", "X-Forwarded-For: \(forwardedFor)"],
            body: Array(body.utf8))
        return JSON(data: Data(response.body))["errors"][0]["extensions"]["code"].string
    }

    @Test("without --trusted-proxy a client cannot pick its address: forged X-Forwarded-For still counts as the socket's")
    func untrustedHeaderIgnored() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("victim")
        for index in 0..<20 {
            #expect(try Self.failedSignIn(server, "nobody\(index)", forwardedFor: "198.51.100.\(index)") == "UNAUTHENTICATED")
        }
        #expect(try Self.signIn(server, cook.username, password: TestAccount.password, forwardedFor: "203.0.113.99")
            == "RATE_LIMITED")
    }

    @Test("behind a trusted proxy failed sign-ins count against the forwarded client, the proxy's own entry last")
    func forwardedClientCounted() throws {
        let server = try TestServer.start { $0.trustedProxies = ["127.0.0.1"] }
        defer { server.stop() }
        let cook = try server.signUp("victim")
        for index in 0..<20 {
            // What a client wrote before the proxy's entry is not believed.
            let header = "10.0.0.\(index), 203.0.113.7"
            #expect(try Self.failedSignIn(server, "nobody\(index)", forwardedFor: header) == "UNAUTHENTICATED")
        }
        #expect(try Self.signIn(server, cook.username, password: TestAccount.password, forwardedFor: "203.0.113.7")
            == "RATE_LIMITED")
        #expect(try Self.signIn(server, cook.username, password: TestAccount.password, forwardedFor: "198.51.100.2")
            == nil, "another client behind the same proxy is not locked out")
    }

    @Test("anonymous streams are limited per forwarded client, over HTTP and WebSocket alike")
    func anonymousStreamsPerClient() throws {
        let server = try TestServer.start {
            $0.trustedProxies = ["127.0.0.1"]
            $0.subscriptions.maxStreamsPerUser = 1
        }
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let dish = try cook.uploadDish("watched")
        let subscribe = JSON.object([
            "query": .string("subscription($t: ID!) { commentAdded(targetId: $t) { text } }"), "variables": ["t": .string(dish)],
        ])
        func stream(_ client: String) throws -> StreamClient {
            let stream = try StreamClient(port: server.server.port, timeoutMilliseconds: 30_000)
            try stream.open(
                "POST", "/graphql",
                headers: ["Accept: text/event-stream", "Content-Type: application/json", "X-Forwarded-For: \(client)"],
                body: Array(subscribe.text.utf8))
            return stream
        }
        let first = try stream("203.0.113.1")
        #expect(first.status == 200)
        #expect(try stream("203.0.113.1").status == 429)
        #expect(try stream("203.0.113.2").status == 200)
        // A WebSocket takes the address of its upgrade request.
        func socket(_ client: String) throws -> JSON {
            let raw = try WebSocketTestClient(
                port: server.server.port, path: "/graphql", subprotocols: ["graphql-transport-ws"],
                headers: ["X-Forwarded-For: \(client)"], timeoutMilliseconds: 30_000)
            try raw.send(text: #"{"type":"connection_init"}"#)
            #expect(JSON(data: Data(try raw.readSkippingPings().payload))["type"].string == "connection_ack")
            try raw.send(text: JSON.object(["id": "s", "type": "subscribe", "payload": subscribe]).text)
            try raw.send(text: #"{"id":"probe","type":"subscribe","payload":{"query":"{ __typename }"}}"#)
            return JSON(data: Data(try raw.readSkippingPings().payload))
        }
        #expect(try socket("203.0.113.1")["payload"][0]["extensions"]["code"].string == "RATE_LIMITED")
        #expect(try socket("203.0.113.3")["id"].string == "probe", "the stream opened; the probe answered first")
    }

    @Test("addresses are numeric and canonical; a list with anything else is refused")
    func addresses() {
        #expect(ForwardedAddresses.addresses(in: "127.0.0.1, ::1,10.0.0.2") == ["127.0.0.1", "::1", "10.0.0.2"])
        #expect(ForwardedAddresses.canonical("0:0:0:0:0:0:0:1") == "::1")
        #expect(ForwardedAddresses.addresses(in: "127.0.0.1,localhost") == nil)
        #expect(ForwardedAddresses.addresses(in: "") == nil)
        let refused = runKitchen(["serve", "--trusted-proxy", "nginx.internal"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("invalid value 'nginx.internal' for --trusted-proxy"), "\(refused.error)")
    }
}
