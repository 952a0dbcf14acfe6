import Foundation
import HTTPServer
import KitchenTestSupport
import Testing

@testable import App

/// Streams that behave, over server-sent events and multipart subscriptions alike: a
/// client that leaves frees its slot at once, too many streams is `RATE_LIMITED` with
/// `Retry-After`, a revoked token ends its streams (in any process), keep-alives flow.
@Suite("Subscription streams that behave")
struct StreamBehaviourTests {
    static let cartChanged = "subscription { cartChanged { totalQuantity } }"
    static let multipartAccept = #"multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/json"#

    enum Kind: CaseIterable, Sendable { case eventStream, multipart }

    /// Opens a `cartChanged` stream of `kind` on `port` as `token`.
    static func subscribe(_ kind: Kind, port: UInt16, token: String?, query: String = cartChanged) throws -> StreamClient {
        let client = try StreamClient(port: port, timeoutMilliseconds: 30_000)
        var headers = ["Content-Type: application/json"]
        headers.append(kind == .eventStream ? "Accept: text/event-stream" : "Accept: \(multipartAccept)")
        if let token { headers.append("Authorization: Bearer \(token)") }
        try client.open("POST", "/graphql", headers: headers, body: Array(JSON.object(["query": .string(query)]).text.utf8))
        return client
    }

    /// The next event's result (a `next` event, or a payload part).
    static func nextResult(_ kind: Kind, _ client: StreamClient) throws -> JSON {
        switch kind {
        case .eventStream:
            let event = try client.nextEvent()
            return event.name == "next" ? JSON(data: Data(event.data.utf8)) : .missing
        case .multipart:
            return JSON(data: Data((try client.nextPayloadPart() ?? "").utf8))["payload"]
        }
    }

    /// Waits up to `seconds` for `condition`, polling; true once it holds.
    static func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return try condition()
    }

    @Test("a client that hangs up frees its slot at once, with no keep-alive to find it out", arguments: Kind.allCases)
    func hangUpFreesTheSlot(_ kind: Kind) throws {
        // Keep-alives an hour apart: only the watch on the socket can notice the hang-up.
        let world = try CommerceWorld.start { $0.subscriptions.keepAliveInterval = .seconds(3600) }
        defer { world.stop() }
        let buyer = try world.server.signUp("leaver")
        let port = world.server.server.port
        let open = try (0..<5).map { _ in try Self.subscribe(kind, port: port, token: buyer.token) }
        #expect(open.allSatisfy { $0.status == 200 })
        let refused = try Self.subscribe(kind, port: port, token: buyer.token)
        #expect(refused.status == 429)
        open[0].disconnect()
        var reopened: StreamClient?
        #expect(try Self.eventually {
            let attempt = try Self.subscribe(kind, port: port, token: buyer.token)
            if attempt.status == 200 { reopened = attempt }
            return attempt.status == 200
        })
        // The new stream works.
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 2)
        #expect(try Self.nextResult(kind, try #require(reopened))["data"]["cartChanged"]["totalQuantity"].int == 2)
    }

    @Test("past the per-user limit: 429 RATE_LIMITED with Retry-After and a message that says what to do", arguments: Kind.allCases)
    func rateLimited(_ kind: Kind) throws {
        let server = try TestServer.start { $0.subscriptions.maxStreamsPerUser = 2 }
        defer { server.stop() }
        let cook = try server.signUp("busy")
        let open = try (0..<2).map { _ in try Self.subscribe(kind, port: server.server.port, token: cook.token) }
        #expect(open.allSatisfy { $0.status == 200 })
        let third = try Self.subscribe(kind, port: server.server.port, token: cook.token)
        #expect(third.status == 429)
        #expect(third.header("Retry-After") == "5")
        let body = JSON(data: Data(third.bodyText.utf8))
        #expect(body["errors"][0]["extensions"]["code"].string == "RATE_LIMITED")
        #expect(body["errors"][0]["message"].string
            == "At most 2 subscriptions may be open at once for one user; close one, or try again in 5 seconds.")
        // Another user is not limited by this one.
        let other = try server.signUp("idle")
        #expect(try Self.subscribe(kind, port: server.server.port, token: other.token).status == 200)
    }

    @Test("signOut ends every stream of that token — SSE with complete, multipart with an error part — and no other")
    func signOutEndsTheTokensStreams() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let account = try world.server.signUp("phone")
        let tablet = try world.server.signIn(account.username, password: TestAccount.password)
        let port = world.server.server.port
        let sse = try Self.subscribe(.eventStream, port: port, token: account.token)
        let multipart = try Self.subscribe(.multipart, port: port, token: account.token)
        let other = try Self.subscribe(.eventStream, port: port, token: tablet.token)
        #expect([sse, multipart, other].allSatisfy { $0.status == 200 })
        _ = try account.client.post("mutation { signOut }").ok()
        #expect(try sse.nextEvent().name == "complete")
        #expect(sse.waitForEnd())
        let fatal = JSON(data: Data((try multipart.nextPayloadPart() ?? "").utf8))
        #expect(fatal["payload"] == .null)
        #expect(fatal["errors"][0]["extensions"]["code"].string == "UNAUTHENTICATED")
        #expect(try multipart.nextPart() == nil)
        #expect(multipart.waitForEnd())
        // The other token's stream still delivers.
        try tablet.client.addToCart(world.catalog.goodsID("apple"), quantity: 1)
        #expect(try Self.nextResult(.eventStream, other)["data"]["cartChanged"]["totalQuantity"].int == 1)
    }

    @Test("a sign-out through a second Kitchen on the same database ends the first one's streams")
    func revocationReachesOtherProcesses() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let account = try server.signUp("roamer")
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(2)
        let second = try KitchenServer.start(server.secondInstanceOptions(configuration), log: .discard)
        defer { second.stop() }
        let stream = try Self.subscribe(.eventStream, port: server.server.port, token: account.token)
        #expect(stream.status == 200)
        _ = try GraphQLClient(port: second.port, token: account.token).post("mutation { signOut }").ok()
        #expect(try stream.nextEvent().name == "complete")
        #expect(stream.waitForEnd())
    }

    @Test("idle streams get keep-alives: an SSE comment, a multipart heartbeat part")
    func keepAlives() throws {
        let server = try TestServer.start { $0.subscriptions.keepAliveInterval = .milliseconds(50) }
        defer { server.stop() }
        let cook = try server.signUp("quiet")
        let sse = try Self.subscribe(.eventStream, port: server.server.port, token: cook.token)
        #expect(try sse.next().comment == "keep-alive")
        let multipart = try Self.subscribe(.multipart, port: server.server.port, token: cook.token)
        #expect(multipart.header("Content-Type") == "multipart/mixed;boundary=graphql;subscriptionSpec=1.0")
        // The heartbeat sent on opening, then at least one keep-alive.
        #expect(try multipart.nextPart() == "{}")
        #expect(try multipart.nextPart() == "{}")
    }
}
