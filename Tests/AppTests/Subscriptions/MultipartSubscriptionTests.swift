import Foundation
import GraphQL
import KitchenTestSupport
import Testing

@testable import App

/// Apollo's multipart HTTP subscriptions, as Apollo iOS and Kotlin send them.
@Suite("Multipart HTTP subscriptions")
struct MultipartSubscriptionTests {
    /// What Apollo iOS, Apollo Kotlin and Apollo Client send, and spellings in between.
    static let accepts = [
        #"multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/graphql-response+json,application/json"#,
        "multipart/mixed;subscriptionSpec=1.0, application/json",
        "multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json",
        #"multipart/mixed; subscriptionSpec="1.0"; deferSpec=20220824, application/json"#,
        #"multipart/mixed;subscriptionSpec="1.0""#,
    ]

    func open(_ port: UInt16, accept: String, token: String?, query: String) throws -> StreamClient {
        let client = try StreamClient(port: port, timeoutMilliseconds: 30_000)
        var headers = ["Content-Type: application/json", "Accept: \(accept)"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        try client.open("POST", "/graphql", headers: headers, body: Array(JSON.object(["query": .string(query)]).text.utf8))
        return client
    }

    @Test("each Accept spelling Apollo sends opens a stream of payload parts, one per cart change", arguments: accepts)
    func cartChangesArrive(_ accept: String) throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.server.signUp("apollo")
        let stream = try open(world.server.server.port, accept: accept, token: buyer.token,
                              query: "subscription { cartChanged { totalQuantity } }")
        #expect(stream.status == 200)
        #expect(stream.header("Content-Type") == "multipart/mixed;boundary=graphql;subscriptionSpec=1.0")
        #expect(try stream.nextPart() == "{}")
        for quantity in [1, 3] {
            try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: quantity == 1 ? 1 : 2)
            let part = try #require(try stream.nextPayloadPart())
            #expect(part == #"{"payload":{"data":{"cartChanged":{"totalQuantity":\#(quantity)}}}}"#)
        }
    }

    @Test("the wire format is Apollo's: lower-case part headers, one JSON line per part, the close delimiter at the end")
    func wireFormat() throws {
        let result = ExecutionResult(errors: [GraphQLError("no", code: .badRequest)])
        let single = String(decoding: MultipartSubscription.format.single(result), as: UTF8.self)
        #expect(single == "--graphql\r\ncontent-type: application/json\r\n\r\n"
            + #"{"payload":{"errors":[{"message":"no","extensions":{"code":"BAD_REQUEST"}}]}}"# + "\r\n--graphql--")
        let revoked = String(decoding: MultipartSubscription.format.end(.revoked), as: UTF8.self)
        #expect(revoked.hasPrefix("\r\ncontent-type: application/json\r\n\r\n{\"payload\":null,\"errors\":[{"))
        #expect(revoked.hasSuffix("\r\n--graphql--"))
    }

    @Test("a query asked for as a multipart stream answers one payload part and closes")
    func queryOverMultipart() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let stream = try open(server.server.port, accept: Self.accepts[0], token: nil, query: "{ __typename }")
        #expect(stream.status == 200)
        #expect(try stream.nextPart() == #"{"payload":{"data":{"__typename":"Query"}}}"#)
        #expect(try stream.nextPart() == nil)
    }

    @Test("errors before the stream opens are an ordinary GraphQL response in the JSON type the client accepts")
    func refusalsAreJSON() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let anonymous = try open(server.server.port, accept: Self.accepts[0], token: nil,
                                 query: "subscription { cartChanged { totalQuantity } }")
        // Apollo iOS accepts application/graphql-response+json first: request errors are 400.
        #expect(anonymous.status == 400)
        #expect(anonymous.header("Content-Type") == "application/graphql-response+json; charset=utf-8")
        #expect(JSON(data: Data(anonymous.bodyText.utf8))["errors"][0]["extensions"]["code"].string == "UNAUTHENTICATED")
    }

    @Test("a deferSpec Accept without subscriptionSpec is not a multipart subscription: a query answers JSON")
    func deferSpecAloneIsJSON() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let response = try TestClient(port: server.server.port).request(
            "POST", "/graphql", headers: ["Content-Type: application/json", "Accept: multipart/mixed;deferSpec=20220824, application/json"],
            body: Array(#"{"query":"{ __typename }"}"#.utf8))
        #expect(response.status == 200)
        #expect(response.text == #"{"data":{"__typename":"Query"}}"#)
    }

    @Test("stopping the server ends a multipart stream with the close delimiter")
    func closeOnStop() throws {
        let server = try TestServer.start()
        let cook = try server.signUp("stopper")
        let stream = try open(server.server.port, accept: Self.accepts[1], token: cook.token,
                              query: "subscription { cartChanged { totalQuantity } }")
        #expect(try stream.nextPart() == "{}")
        server.stop()
        #expect(try stream.nextPart() == nil)
        #expect(stream.waitForEnd())
    }
}
