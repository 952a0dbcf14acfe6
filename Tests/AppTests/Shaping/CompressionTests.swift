import Foundation
import GraphQL
import HTTPServer
import KitchenTestSupport
import Storage
import Synchronization
import Testing

@testable import App

/// gzip for answers of 1 kB or more when the client accepts it, through a real server.
@Suite("gzip")
struct CompressionTests {
    static let introspection = #"{"query":"{ __schema { types { name kind description fields { name description } } } }"}"#

    static func post(
        _ server: TestServer, _ body: String, acceptEncoding: String?, token: String? = nil
    ) throws -> TestClient.Response {
        var headers = ["Content-Type: application/json"]
        if let acceptEncoding { headers.append("Accept-Encoding: \(acceptEncoding)") }
        if let token { headers.append("Authorization: Bearer \(token)") }
        return try TestClient(port: server.server.port).request("POST", "/graphql", headers: headers, body: Array(body.utf8))
    }

    static func varies(_ response: TestClient.Response, by name: String) -> Bool {
        (response.header("Vary") ?? "").lowercased().split(separator: ",")
            .contains { $0.trimmingCharacters(in: .whitespaces) == name.lowercased() }
    }

    @Test("a large answer goes out gzipped, with Vary, to a client that accepts gzip, and decodes to the plain answer")
    func compressed() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let plain = try Self.post(server, Self.introspection, acceptEncoding: nil)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(Self.varies(plain, by: "Accept-Encoding"))
        #expect(plain.body.count > 10_000)
        for accept in ["gzip, deflate, br", "gzip", "x-gzip", "*", "br;q=1, GZIP;q=0.8", "identity;q=0.5, gzip"] {
            let response = try Self.post(server, Self.introspection, acceptEncoding: accept)
            #expect(response.header("Content-Encoding") == "gzip", "\(accept)")
            #expect(Self.varies(response, by: "Accept-Encoding"))
            #expect(response.body.count < plain.body.count / 4, "\(accept)")
            #expect(try gunzip(response.body) == plain.body, "\(accept)")
        }
        let script = try TestClient(port: server.server.port).request(
            "GET", "/explorer/app.js", headers: ["Accept-Encoding: gzip"])
        #expect(script.header("Content-Encoding") == "gzip")
        #expect(script.header("Content-Type")?.hasPrefix("text/javascript") == true)
    }

    @Test("gzip;q=0, a preferred identity, or codings Kitchen lacks get the plain body, still with Vary")
    func refused() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let plain = try Self.post(server, Self.introspection, acceptEncoding: nil)
        for accept in ["gzip;q=0", "identity", "gzip;q=0.5, identity", "br, zstd", "*;q=0", "", "gzip;q=0, identity;q=0",
                       "gzip;q=abc"] {
            let response = try Self.post(server, Self.introspection, acceptEncoding: accept)
            #expect(response.header("Content-Encoding") == nil, "\(accept)")
            #expect(response.body == plain.body, "\(accept)")
            #expect(Self.varies(response, by: "Accept-Encoding"), "\(accept)")
        }
    }

    @Test("an answer under 1 kB is sent as it is, without Vary: Accept-Encoding")
    func small() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let response = try Self.post(server, #"{"query":"{ __typename }"}"#, acceptEncoding: "gzip")
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.header("Vary") == nil)
        #expect(response.text == #"{"data":{"__typename":"Query"}}"#)
    }

    @Test("an event stream is never compressed")
    func eventStream() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let recipe = try #require(try server.anonymous.post("{ recipes(first: 1) { nodes { id } } }").ok()["recipes"]["nodes"].array.first?["id"].string)
        let query = "subscription { commentAdded(targetId: \"\(recipe)\") { id } }"
        let client = try TestClient(port: server.server.port)
        try client.send(
            "GET /graphql?query=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!) HTTP/1.1\r\n"
                + "Host: x\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n")
        let head = try client.readResponse()
        #expect(head.status == 200)
        #expect(head.header("Content-Type")?.hasPrefix("text/event-stream") == true)
        #expect(head.header("Content-Encoding") == nil)
        #expect(!Self.varies(head, by: "Accept-Encoding"))
    }

    @Test("a mutation's answer, sent once its write is durable, is compressed too")
    func mutation() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let alice = try server.signIn("alice", password: "kitchen-demo")
        let cart = #"{"query":"mutation { setAllSelected(selected: true) { totalQuantity shops { shop { id name } items { id quantity selected unitPrice { amount } lineTotal { amount } goods { id name images { url } } kind { id name stock } } } } }"}"#
        let plain = try Self.post(server, cart, acceptEncoding: nil, token: alice.token)
        #expect(plain.status == 200)
        #expect(plain.body.count >= 1024, "the demo cart answer should pass the threshold")
        let compressed = try Self.post(server, cart, acceptEncoding: "gzip", token: alice.token)
        #expect(compressed.header("Content-Encoding") == "gzip")
        #expect(Self.varies(compressed, by: "Accept-Encoding"))
        #expect(compressed.header("X-Request-Id") != nil, "the placeholder's fields still arrive")
        #expect(try gunzip(compressed.body) == plain.body)
    }

    @Test("a kept answer is compressed once: the response cache holds its gzipped body, and sending uses it")
    func compressedOnce() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("long") { _, _ in String(repeating: "kitchen ", count: 400) } }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: "type Query { long: String! }"))
        let service = GraphQLService(bound: bound, limits: .default, onInternalError: { _, _ in MaskedError(requestID: "id") })
        guard case .ready(let prepared) = service.prepare("{ long }") else { Issue.record("not prepared"); return }
        let cache = ResponseCache(capacity: 1 << 20)
        let caching = ResponseCaching<Void>(
            cache: cache, generation: { 7 }, noticedGeneration: { 7 }, requestState: { _ in (nil, 7) },
            recordReads: { execute in (execute(), ReadSet()) }, catalog: nil, compression: ResponseCompression())
        let executions = Mutex(0)
        func respond() -> HTTPResponse {
            // As `ResponseCaching.begin` does when a request arrives: an earlier test on this
            // thread may have read the clock, which would keep the answer out of the cache.
            ThreadClockReads.reset()
            let reply = Reply(mediaType: .json)
            return caching.respond(
                query: "{ long }", operationName: nil, variables: [:], context: (), reply: reply, encode: reply.result
            ) {
                executions.withLock { $0 += 1 }
                return service.execute(prepared, operationName: nil, variables: [:], context: ())
            }
        }
        let first = respond()
        let gzipped = try #require(first.gzippedBody)
        #expect(try gunzip(gzipped) == first.body)
        let kept = cache.response(for: .init(query: "{ long }", operationName: nil, variables: [:], audience: .anyone, mediaType: .json))
        #expect(kept?.gzippedBody == gzipped)
        let second = respond()
        #expect(executions.withLock { $0 } == 1)
        #expect(second.gzippedBody == gzipped)
        // Sending takes the kept bytes as they are: a stand-in there is what goes out.
        var marked = second
        marked.gzippedBody = [0x1f, 0x8b, 1, 2, 3]
        let sent = ResponseCompression().encode(marked, acceptEncoding: "gzip")
        #expect(sent.body == [0x1f, 0x8b, 1, 2, 3])
        #expect(sent.headers["Content-Encoding"] == "gzip")
    }

    @Test("Accept-Encoding is read with its weights", arguments: [
        (nil, false), ("gzip", true), ("GZip", true), ("x-gzip", true), ("gzip, deflate, br", true),
        ("deflate, gzip;q=0.1", true), ("gzip;q=0", false), ("gzip; q=0.0", false), ("gzip;q=0.001", true),
        ("*", true), ("*;q=0", false), ("*;q=0, gzip", true), ("gzip;q=0, *", false), ("br", false),
        ("identity", false), ("identity;q=0.9, gzip", true), ("gzip;q=0.5, identity;q=0.9", false),
        ("identity;q=0, gzip;q=0", false), ("gzip;q=2", false), ("gzip;level=9", true), (" , gzip ,", true),
        ("", false), ("br, GZIP, deflate", true), ("deflate, br", false), ("identity, gzip", true),
        ("identity, *", true), ("gzipx", false), ("xgzip", false), ("x-gzi", false), ("X-GZIP", true),
        ("gzi", false), ("g zip", false), ("\tgzip\t", true), ("*, br", true), ("**", false),
    ] as [(String?, Bool)])
    func weights(header: String?, gzip: Bool) {
        #expect(AcceptEncoding.prefersGzip(header) == gzip)
    }

    @Test("only whole textual bodies of 1 kB or more are eligible")
    func eligibility() {
        let compression = ResponseCompression()
        let big = [UInt8](repeating: 65, count: 1024)
        func response(_ type: String?, _ body: [UInt8] = big) -> HTTPResponse {
            var headers = HTTPHeaders()
            if let type { headers.add(name: "Content-Type", value: type) }
            return HTTPResponse(status: 200, headers: headers, body: body)
        }
        for type in ["application/json; charset=utf-8", "application/graphql-response+json; charset=utf-8",
                     "text/plain; version=0.0.4", "text/css", "text/javascript; charset=utf-8", "Image/SVG+XML"] {
            #expect(compression.isEligible(response(type)), "\(type)")
        }
        for type in ["image/png", "image/jpeg", "application/octet-stream", nil] as [String?] {
            #expect(!compression.isEligible(response(type)), "\(type ?? "none")")
        }
        #expect(!compression.isEligible(response("application/json", Array(big.dropLast()))))
        var encoded = response("application/json")
        encoded.headers.add(name: "Content-Encoding", value: "br")
        #expect(!compression.isEligible(encoded))
        #expect(!compression.isEligible(HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: HTTPStream())))
    }

    @Test("a Content-Type is textual by its media type alone, in any ASCII case, spaces and parameters aside", arguments: [
        ("application/json", true), ("APPLICATION/JSON", true), ("  application/json ; charset=utf-8", true),
        ("application/graphql-response+json", true), ("Text/HTML", true), ("application/xml", true),
        ("image/svg+xml", true), ("application/javascript", true), ("Application/JavaScript; charset=utf-8", true),
        ("application/javascripts", false), ("xapplication/javascript", false), ("application/jsonp", false),
        ("application/json-seq", false), ("image/png", false), ("text", false), ("", false), (";text/plain", false),
        ("application/\u{0F}json", false), ("tExt/", true), ("application/ṡjson", false),
    ] as [(String, Bool)])
    func textual(contentType: String, textual: Bool) {
        #expect(ResponseCompression.isTextual(contentType: contentType) == textual)
    }
}

/// `bytes` decompressed by the system's gzip, a decoder that is not Kitchen's.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw GzipDecodeFailure() }
    return [UInt8](data)
}

struct GzipDecodeFailure: Error {}
