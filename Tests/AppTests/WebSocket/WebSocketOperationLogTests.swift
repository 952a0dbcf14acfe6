import Foundation
import GraphQL
import KitchenTestSupport
import Synchronization
import Testing

@testable import App

/// Each operation on a socket is one request in the log and the metrics, as over HTTP.
@Suite("WebSocket operations in the log and the metrics")
struct WebSocketOperationLogTests {
    @Test("queries, refusals and opened subscriptions are counted by name and status in /metrics")
    func countedInMetrics() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let buyer = try server.signUp("logged", name: "Logged")
        let socket = try GraphQLSocket(port: server.server.port, token: buyer.token)
        try socket.subscribe(id: "who", ["query": "query WhoIsIt { viewer { name } }"])
        // A refused document has no name of its own: the one the client sent is logged, as over HTTP.
        try socket.subscribe(id: "bad", ["query": "query NoSuchField { nope }", "operationName": "NoSuchField"])
        try socket.subscribe(id: "cart", ["query": "subscription CartBadge { cartChanged { totalQuantity } }"])
        try socket.subscribe(id: "probe", ["query": "query Probe { __typename }"])
        _ = try GraphQLOverWebSocketTests.collect(socket, ["who", "bad", "probe"])
        let scrape = try TestClient(port: server.server.port).request("GET", "/metrics").text
        for sample in [
            #"kitchen_graphql_requests_total{operation="WhoIsIt",status="200"} 1"#,
            #"kitchen_graphql_requests_total{operation="NoSuchField",status="400"} 1"#,
            #"kitchen_graphql_requests_total{operation="CartBadge",status="200"} 1"#,
        ] {
            #expect(scrape.contains(sample), "no \(sample) in\n\(scrape.split(separator: "\n").filter { $0.contains("requests_total") })")
        }
        #expect(scrape.contains(#"kitchen_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"} 1"#))
    }

    @Test("a line names the operation's own id, WS, its name, status, time and error codes, never its variables")
    func logLine() throws {
        let lines = Mutex<[String]>([])
        let log = RequestLog(format: .text) { line in lines.withLock { $0.append(line) } }
        let operations = WebSocketOperationLog(developer: DeveloperRoutes(), log: log)
        let first = operations.nextID()
        let second = operations.nextID()
        #expect(first != second)
        operations.record(
            id: second, operationName: "AddToCart", status: 200, since: .now,
            errors: [GraphQLError("no", code: .insufficientStock), GraphQLError("no", code: .insufficientStock)])
        let line = try #require(lines.withLock { $0 }.first).trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("\(second) WS /graphql AddToCart 200 "), "\(line)")
        #expect(line.hasSuffix("ms INSUFFICIENT_STOCK"), "\(line)")
    }
}
