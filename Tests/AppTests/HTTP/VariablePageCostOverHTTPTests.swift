import Foundation
import Testing

@testable import App

/// Clients page with variables (`first: $count`, as Relay and Apollo do): a nested page is
/// held to the sizes the request sends, not refused for the largest a variable could hold.
@Suite("Operation cost with page sizes from variables, over HTTP")
struct VariablePageCostOverHTTPTests {
    /// Recipes, each with a page of comments and a page of dishes: 2 + n × (6 + 3m), so at
    /// the largest pages (100 each) it costs 30,602, far over the default limit of 10,000.
    static let recipes = """
        query Recipes($n: Int, $m: Int) {
          recipes(first: $n) { edges { node {
            id name author { name }
            comments(first: $m) { edges { node { id text author { name username } } } }
            dishes(first: $m) { edges { node { id } } }
          } } }
        }
        """

    /// The same operation with its variables written in (nil leaves `first` out).
    static func literal(_ n: Int?, _ m: Int?) -> String {
        recipes.replacingOccurrences(of: "($n: Int, $m: Int)", with: "")
            .replacingOccurrences(of: "(first: $n)", with: n.map { "(first: \($0))" } ?? "")
            .replacingOccurrences(of: "(first: $m)", with: m.map { "(first: \($0))" } ?? "")
    }

    @Test("small pages from variables run; large ones are refused before anything executes")
    func perRequest() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let client = server.anonymous

        let small = try client.post(Self.recipes, ["n": .number(5), "m": .number(3)]).ok()
        #expect(small["recipes"]["edges"].array.count == 5)
        // The same pages written in the document give the same data.
        #expect(try client.post(Self.literal(5, 3)).ok() == small)

        let large = try client.post(Self.recipes, ["n": .number(100), "m": .number(100)])
        #expect(large.status == 400)
        #expect(large.data == .missing)
        #expect(large.errorCode == "GRAPHQL_VALIDATION_FAILED")
        #expect(large.errorMessage?.hasPrefix("Operation \"Recipes\" costs 30602, more than the limit of 10000; the costliest field is recipes.edges.node.comments.edges (20000: its selections cost 2 for each of up to 10000 items (100 × 100)).") == true)
        // Written in, the same pages are refused with the same words.
        let literal = try client.post(Self.literal(100, 100))
        #expect(literal.status == 400)
        #expect(literal.errorMessage == large.errorMessage)
    }

    @Test("no values count the arguments' defaults, as the resolvers use them")
    func defaults() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let client = server.anonymous
        let omitted = try client.post(Self.recipes)
        let written = try client.post(Self.literal(nil, nil))
        #expect(omitted.status == written.status)
        #expect(omitted.errorMessage == written.errorMessage)
        #expect(omitted.data == written.data)
    }

    @Test("one document serves both page sizes, request by request")
    func sameDocument() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let client = server.anonymous
        for (n, m, allowed) in [(100, 100, false), (2, 2, true), (60, 60, false), (10, 10, true)] {
            let response = try client.post(Self.recipes, ["n": .number(Double(n)), "m": .number(Double(m))])
            #expect((response.status == 200) == allowed, "n = \(n), m = \(m): \(response)")
        }
    }
}
