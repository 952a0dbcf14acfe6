import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// The request limits, enforced over HTTP before anything executes.
@Suite("Request limits over HTTP")
struct RequestLimitsTests {
    func post(_ server: TinyGraphQLServer, _ body: [String: Any], headers: [String] = ["Content-Type: application/json"]) throws -> (Int, String) {
        let bytes = try JSONSerialization.data(withJSONObject: body)
        let response = try TestClient(port: server.port).request("POST", "/graphql", headers: headers, body: Array(bytes))
        return (response.status, response.text)
    }

    @Test("a document over the size limit is refused before parsing")
    func documentSize() throws {
        var limits = RequestLimits.default
        limits.maxDocumentBytes = 1000
        try TinyGraphQLServer.with(limits: limits) { server in
            let (_, text) = try post(server, ["query": "mutation { bump }" + String(repeating: " ", count: 1000)])
            #expect(text.contains("The document is 1017 bytes long; the limit is 1000."))
            #expect(text.contains("BAD_REQUEST"))
            #expect(server.state.counter.withLock { $0 } == 0)
        }
    }

    @Test("more tokens than allowed is a syntax error")
    func tokens() throws {
        try TinyGraphQLServer.with { server in
            let fields = String(repeating: "count ", count: 5_001)
            let (_, text) = try post(server, ["query": "{ \(fields) }"])
            #expect(text.contains("GRAPHQL_PARSE_FAILED"))
            #expect(text.contains("5000 tokens"))
        }
    }

    @Test("variables holding too many values are refused")
    func variableValues() throws {
        var limits = RequestLimits.default
        limits.maxVariableValues = 100
        try TinyGraphQLServer.with(limits: limits) { server in
            let (_, text) = try post(server, ["query": "{ count }", "variables": ["list": Array(repeating: 1, count: 200)]])
            #expect(text.contains("The variables hold more than 100 values."))
        }
    }

    @Test("an operation over a limit runs nothing, mutations included")
    func breachRunsNothing() throws {
        var limits = RequestLimits.default
        limits.operation.maxAliases = 2
        try TinyGraphQLServer.with(limits: limits) { server in
            let (_, text) = try post(server, ["query": "mutation { a: bump b: bump c: bump }"])
            #expect(text.contains("uses 3 aliases; the limit is 2."))
            #expect(text.contains("GRAPHQL_VALIDATION_FAILED"))
            #expect(server.state.counter.withLock { $0 } == 0)
        }
    }

    @Test("introspection can be turned off; __typename stays")
    func noIntrospection() throws {
        var limits = RequestLimits.default
        limits.introspection = false
        try TinyGraphQLServer.with(limits: limits) { server in
            let (_, refused) = try post(server, ["query": "{ __schema { queryType { name } } }"])
            #expect(refused.contains("GraphQL introspection has been disabled"))
            #expect(!refused.contains("\"data\""))
            let (_, allowed) = try post(server, ["query": "{ __typename }"])
            #expect(allowed == #"{"data":{"__typename":"Query"}}"#)
        }
    }

    @Test("suggestions can be left out of error messages")
    func noSuggestions() throws {
        try TinyGraphQLServer.with { server in
            let (_, text) = try post(server, ["query": "{ cont }"])
            #expect(text.contains("Did you mean"))
        }
        var limits = RequestLimits.default
        limits.suggestions = false
        try TinyGraphQLServer.with(limits: limits) { server in
            let (_, text) = try post(server, ["query": "{ cont }"])
            #expect(text.contains(#"Cannot query field \"cont\" on type \"Query\"."#))
            #expect(!text.contains("Did you mean"))
        }
    }

    @Test("a POST a browser could send cross-site without preflight runs no operation")
    func crossSitePosts() throws {
        try TinyGraphQLServer.with { server in
            let body = ["query": "mutation { bump }"]
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let (status, _) = try post(server, body, headers: ["Content-Type: \(contentType)"])
                #expect(status == 415 || status == 400, "\(contentType)")
            }
            let (status, _) = try post(server, body, headers: [])
            #expect(status == 415)
            #expect(server.state.counter.withLock { $0 } == 0)
        }
    }
}
