import Foundation
import GraphQL
import KitchenTestSupport
import Synchronization
import Testing

@testable import App

/// `/graphql` over a real socket: methods, media types, status codes, masking, logging.
@Suite("GraphQL over HTTP")
struct GraphQLEndpointTests {
    static let json = "Content-Type: application/json"
    static let acceptGraphQL = "Accept: application/graphql-response+json"

    func post(
        _ server: TinyGraphQLServer, _ body: String, headers: [String] = [json]
    ) throws -> TestClient.Response {
        try TestClient(port: server.port).request("POST", "/graphql", headers: headers, body: Array(body.utf8))
    }

    func object(_ response: TestClient.Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("a POSTed query answers 200 with data, as application/json by default")
    func postQuery() throws {
        try TinyGraphQLServer.with { server in
            let response = try post(server, #"{"query":"{ hello(name: \"鸡蛋 🍳\") }"}"#)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.text == #"{"data":{"hello":"hello, 鸡蛋 🍳"}}"#)
        }
    }

    @Test("Accept picks application/graphql-response+json")
    func negotiated() throws {
        try TinyGraphQLServer.with { server in
            let response = try post(server, #"{"query":"{ count }"}"#, headers: [Self.json, Self.acceptGraphQL])
            #expect(response.header("Content-Type") == "application/graphql-response+json; charset=utf-8")
            #expect(response.status == 200)
        }
    }

    @Test("a validation error is a request error: no data, 400 or 200 by media type")
    func validationError() throws {
        try TinyGraphQLServer.with { server in
            let body = #"{"query":"{ nope }"}"#
            let strict = try post(server, body, headers: [Self.json, Self.acceptGraphQL])
            #expect(strict.status == 400)
            let legacy = try post(server, body)
            #expect(legacy.status == 200)
            for response in [strict, legacy] {
                let result = try object(response)
                #expect(result["data"] == nil)
                let error = try #require((result["errors"] as? [[String: Any]])?.first)
                #expect(error["message"] as? String == #"Cannot query field "nope" on type "Query"."#)
                #expect((error["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_VALIDATION_FAILED")
            }
        }
    }

    @Test("a syntax error names its line and column and GRAPHQL_PARSE_FAILED")
    func syntaxError() throws {
        try TinyGraphQLServer.with { server in
            let result = try object(try post(server, #"{"query":"{ hello"}"#))
            let error = try #require((result["errors"] as? [[String: Any]])?.first)
            #expect((error["locations"] as? [[String: Int]]) == [["line": 1, "column": 8]])
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_PARSE_FAILED")
        }
    }

    @Test("GET runs queries; a mutation over GET is 405 with Allow: POST and runs nothing")
    func getRequests() throws {
        try TinyGraphQLServer.with { server in
            let client = try TestClient(port: server.port)
            let query = try client.request("GET", "/graphql?query=%7B%20count%20%7D")
            #expect(query.status == 200)
            #expect(query.text == #"{"data":{"count":0}}"#)
            let mutation = try client.request("GET", "/graphql?query=mutation%20%7B%20bump%20%7D")
            #expect(mutation.status == 405)
            #expect(mutation.header("Allow") == "POST")
            #expect(server.state.counter.withLock { $0 } == 0)
        }
    }

    @Test("a POSTed mutation runs")
    func postMutation() throws {
        try TinyGraphQLServer.with { server in
            let response = try post(server, #"{"query":"mutation { a: bump b: bump }"}"#)
            #expect(response.text == #"{"data":{"a":1,"b":2}}"#)
        }
    }

    @Test("unsupported methods, media types and malformed requests get their status codes")
    func rejections() throws {
        try TinyGraphQLServer.with { server in
            let client = try TestClient(port: server.port)
            let put = try client.request("PUT", "/graphql", headers: [Self.json], body: Array("{}".utf8))
            #expect(put.status == 405)
            #expect(put.header("Allow") == "GET, POST, HEAD")
            #expect(try post(server, #"{"query":"{ count }"}"#, headers: [Self.json, "Accept: text/html"]).status == 406)
            #expect(try post(server, #"{"query":"{ count }"}"#, headers: ["Content-Type: text/plain"]).status == 415)
            #expect(try post(server, #"{"query":"{ count }"}"#, headers: ["Content-Type: application/json; charset=latin1"]).status == 415)
            for body in [#"{"query": "{ count }""#, #"{"variables": {}}"#, #"{"query": 1}"#,
                         #"{"query":"{ count }","variables":[1]}"#, "[]", "\u{FF}"] {
                let response = try post(server, body)
                #expect(response.status == 400, "\(body)")
                let result = try object(response)
                #expect(result["data"] == nil)
                let error = try #require((result["errors"] as? [[String: Any]])?.first)
                #expect((error["extensions"] as? [String: Any])?["code"] as? String == "BAD_REQUEST")
            }
        }
    }

    @Test("an unexpected resolver failure reaches the client masked as INTERNAL with a request id")
    func masking() throws {
        try TinyGraphQLServer.with { server in
            let response = try post(server, #"{"query":"{ count fail }"}"#)
            #expect(response.status == 200)
            #expect(!response.text.contains("SELECT"))
            #expect(!response.text.contains("/var/lib"))
            #expect(!response.text.contains("TinyFailure"))
            let result = try object(response)
            #expect((result["data"] as? [String: Any])?["count"] as? Int == 0)
            let error = try #require((result["errors"] as? [[String: Any]])?.first)
            #expect(error["message"] as? String == "Internal server error")
            #expect(error["path"] as? [String] == ["fail"])
            let extensions = try #require(error["extensions"] as? [String: Any])
            #expect(extensions["code"] as? String == "INTERNAL")
            #expect(extensions["requestId"] as? String == "req-1")
        }
    }

    @Test("healthz, the schema file and unknown paths")
    func otherRoutes() throws {
        try TinyGraphQLServer.with { server in
            let client = try TestClient(port: server.port)
            #expect(try client.request("GET", "/healthz").status == 200)
            let schema = try client.request("GET", "/schema.graphql")
            #expect(schema.status == 200)
            #expect(schema.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(schema.text == TinyGraphQLServer.sdl)
            #expect(try client.request("GET", "/nothing-here").status == 404)
        }
    }

    @Test("one log line per request: request id, method, path, operation name, status, duration")
    func logging() throws {
        try TinyGraphQLServer.with { server in
            _ = try post(server, #"{"query":"query Counter { count }","operationName":"Counter"}"#)
            let lines = server.state.logLines.withLock { $0 }
            #expect(lines.count == 1)
            let line = try #require(lines.first)
            #expect(line.split(separator: " ").dropFirst().joined(separator: " ").hasPrefix("POST /graphql Counter 200 "))
            #expect(line.hasSuffix("ms\n"))
        }
    }

    @Test("64 concurrent keep-alive clients all get their own answers")
    func concurrentClients() throws {
        try TinyGraphQLServer.with { server in
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 64) { client in
                do {
                    let connection = try TestClient(port: server.port)
                    for round in 0..<20 {
                        let name = "c\(client)r\(round)"
                        let body = #"{"query":"query($n: String) { hello(name: $n) }","variables":{"n":"\#(name)"}}"#
                        let response = try connection.request(
                            "POST", "/graphql", headers: [Self.json], body: Array(body.utf8))
                        if response.text != #"{"data":{"hello":"hello, \#(name)"}}"# {
                            failures.add("\(name): \(response.status) \(response.text)")
                        }
                    }
                } catch {
                    failures.add("client \(client): \(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        }
    }
}

/// Failures collected from many threads.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}
