import App
import Foundation
import HTTPServer
import KitchenTestSupport

/// What gzip costs (CPU per response) and saves (bytes) on the screens' real answers.
///
/// A Kitchen server on a fresh demo database answers each screen's query once, as alice
/// (a member with a cart across five shops), with the screens' documents the tests keep
/// (`Tests/Screens`): the introspection answer a client's code generator asks for, a
/// recipe page, the cart, the lunch menu and the following feed.
/// Each answer is then compressed at levels 1, 6 (the one Kitchen uses) and 9: its size, and
/// the median CPU time of one compression (`medianSeconds`). Kitchen compresses a cached
/// answer once and keeps the bytes, so the time is paid per distinct answer, not per
/// request, for queries the response cache keeps.
enum GzipBenchmark {
    static let benchmarkCase = BenchmarkCase(
        name: "gzip",
        summary: "gzip on screen answers (introspection, recipe, cart, lunch menu, feed): bytes saved, µs per response",
        run: { try run() })

    static let levels: [Int32] = [1, GzipCompressor.defaultLevel, 9]

    static func run() throws {
        let answers = try screenAnswers()
        print("gzip on screen answers (sizes in bytes; µs = median CPU time of one compression)")
        var header = name("answer") + padded("plain", 8)
        for level in levels { header += padded("level \(level)", 10) + padded("µs", 7) }
        print(header + padded("saved at \(GzipCompressor.defaultLevel)", 12))
        for (answer, body) in answers {
            var line = name(answer) + padded("\(body.count)", 8)
            var savedAtDefault = 0.0
            for level in levels {
                let gzip = GzipCompressor(level: level)
                let compressed = gzip.compress(body) ?? []
                let seconds = medianSeconds(samples: 15) { blackHole(gzip.compress(body)) }
                line += padded("\(compressed.count)", 10) + padded(formatted(seconds * 1e6, decimals: 0), 7)
                if level == GzipCompressor.defaultLevel { savedAtDefault = 1 - Double(compressed.count) / Double(body.count) }
            }
            print(line + padded(formatted(savedAtDefault * 100, decimals: 0) + "%", 12))
        }
    }

    private static func name(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 14 - text.count))
    }

    /// Each screen's answer from a demo server, uncompressed.
    static func screenAnswers() throws -> [(String, [UInt8])] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = ServeOptions(
            server: ServerConfiguration(host: "127.0.0.1", port: 0),
            databasePath: directory.appendingPathComponent("kitchen.sqlite").path, loadDemo: true,
            schemaPath: packageRoot.appendingPathComponent("Schema.graphql").path)
        let server = try KitchenServer.start(options, log: .discard)
        defer { server.stop() }
        func post(_ query: String, operation: String? = nil, variables: String = "{}", token: String? = nil) throws -> [UInt8] {
            let name = operation.map { #","operationName":"\#($0)""# } ?? ""
            let body = #"{"query":\#(jsonString(query))\#(name),"variables":\#(variables)}"#
            var headers = ["Content-Type: application/json"]
            if let token { headers.append("Authorization: Bearer \(token)") }
            let response = try TestClient(port: server.port).request("POST", "/graphql", headers: headers, body: Array(body.utf8))
            guard response.status == 200, !response.text.contains(#""errors""#) else {
                throw BenchmarkFailure("\(operation ?? String(query.prefix(40))): \(response.status) \(response.text.prefix(300))")
            }
            return response.body
        }
        let signIn = try post(#"mutation { signIn(username: "alice", password: "kitchen-demo") { token } }"#)
        let token = try capture(#""token":"([^"]+)""#, in: signIn)
        let recipes = try post("{ recipes(first: 1) { nodes { id } } }")
        let recipe = try capture(#""id":"([^"]+)""#, in: recipes)
        /// A screen's document as the tests keep it (Tests/Screens), one operation of it run.
        func screen(_ path: String, _ operation: String, variables: String = "{}") throws -> [UInt8] {
            let text = try String(
                contentsOf: packageRoot.appendingPathComponent("Tests/Screens/\(path).graphql"), encoding: .utf8)
            return try post(text, operation: operation, variables: variables, token: token)
        }
        return [
            ("introspection", try post(BenchmarkDocuments.introspectionQuery)),
            ("recipe page", try screen("kitchen/recipe-page", "RecipePage", variables: #"{"recipeId":"\#(recipe)"}"#)),
            ("cart", try screen("kitchen/cart", "CartScreen")),
            ("lunch menu", try screen("lunch/weekly-menu", "LunchMenu")),
            ("feed", try screen("kitchen/feed", "Feed")),
        ]
    }

    private static func capture(_ pattern: String, in bytes: [UInt8]) throws -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let expression = try NSRegularExpression(pattern: pattern)
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { throw BenchmarkFailure("no \(pattern) in \(text.prefix(200))") }
        return String(text[range])
    }

    private static func jsonString(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
    }
}
