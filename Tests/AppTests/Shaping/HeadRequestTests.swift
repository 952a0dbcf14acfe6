import Foundation
import KitchenTestSupport
import Storage
import Testing

@testable import App

/// HEAD wherever GET works (RFC 9110 §9.3.2): the GET's status and header fields, its
/// Content-Length among them, and no body.
@Suite("HEAD")
struct HeadRequestTests {
    /// Header fields that differ between any two responses, or that tests add.
    static let perResponse: Set<String> = ["date", "x-request-id", "x-kitchen-sql-statements"]

    static func comparable(_ response: TestClient.Response) -> [String] {
        response.headers.filter { !perResponse.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }

    /// GET, then HEAD on the same connection (which would misread the second response if
    /// HEAD had sent a body), then GET again.
    static func compare(_ target: String, headers: [String] = [], port: UInt16) throws {
        let client = try TestClient(port: port)
        let get = try client.request("GET", target, headers: headers)
        let head = try client.request("HEAD", target, headers: headers)
        let after = try client.request("GET", target, headers: headers)
        #expect(head.status == get.status, "\(target)")
        #expect(comparable(head) == comparable(get), "\(target)")
        #expect(head.header("Content-Length") == String(get.body.count), "\(target)")
        #expect(head.body.isEmpty)
        #expect(after.status == get.status && after.body == get.body, "\(target): the connection was out of step")
    }

    @Test("a GET query, the schema, /healthz, the explorer page and its assets answer HEAD as GET")
    func pages() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let port = server.server.port
        let query = "{ recipes(first: 3) { nodes { name author { name } } } }"
        try Self.compare("/graphql?query=" + Self.encoded(query), port: port)
        try Self.compare("/graphql?query=" + Self.encoded(query), headers: ["Accept: application/graphql-response+json"], port: port)
        try Self.compare("/graphql?query=" + Self.encoded("{ nope }"), headers: ["Accept: application/graphql-response+json"], port: port)
        try Self.compare("/schema.graphql", port: port)
        // Compressed as the GET is: the gzip body's length, Content-Encoding and Vary.
        try Self.compare("/schema.graphql", headers: ["Accept-Encoding: gzip"], port: port)
        let types = "{ __schema { types { name kind description } } }"
        try Self.compare("/graphql?query=" + Self.encoded(types), headers: ["Accept-Encoding: gzip"], port: port)
        let head = try TestClient(port: port).request("HEAD", "/schema.graphql", headers: ["Accept-Encoding: gzip"])
        #expect(head.header("Content-Encoding") == "gzip")
        try Self.compare("/healthz", port: port)
        try Self.compare("/", port: port)
        try Self.compare("/graphql", headers: ["Accept: text/html"], port: port)
        try Self.compare("/explorer/app.js", port: port)
        try Self.compare("/explorer/app.css", port: port)
        try Self.compare("/nowhere", port: port)
    }

    @Test("HEAD of a mutation is refused as its GET is, with HEAD in Allow")
    func mutation() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let target = "/graphql?query=" + Self.encoded("mutation { signOut }")
        try Self.compare(target, port: server.server.port)
        let head = try TestClient(port: server.server.port).request("HEAD", target)
        #expect(head.status == 405)
        let put = try TestClient(port: server.server.port).request("PUT", "/graphql")
        #expect(put.header("Allow")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
            == ["GET", "HEAD", "POST"])
    }

    @Test("HEAD cannot open a WebSocket: the handshake that GET would accept is 400")
    func webSocket() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let handshake = ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Protocol: graphql-transport-ws"]
        let head = try TestClient(port: server.server.port).request("HEAD", "/graphql", headers: handshake)
        #expect(head.status == 400)
        #expect(head.header("Upgrade") == nil)
        let get = try TestClient(port: server.server.port).request("GET", "/graphql", headers: handshake)
        #expect(get.status == 101, "the same handshake over GET opens the socket")
    }

    @Test("a picture answers HEAD with its length, type and ETag, at every width")
    func media() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let png = TestImages.png(width: 640, height: 320)
        let folder = try server.withRepositories { _, database in try MediaFolder(path: database.mediaFolderPath) }
        let hash = ContentHash.sha256(png)
        try folder.commit(staged: try folder.stage(png), hash: hash)
        try Self.compare("/media/\(hash)", port: server.server.port)
        try Self.compare("/media/\(hash)?w=160", port: server.server.port)
        try Self.compare("/media/\(hash)", headers: ["If-None-Match: \"\(hash)\""], port: server.server.port)
        let head = try TestClient(port: server.server.port).request("HEAD", "/media/\(hash)")
        #expect(head.header("Content-Length") == String(png.count))
        #expect(head.header("Content-Type") == "image/png")
    }

    @Test("/metrics answers HEAD with its type and a length, and no body")
    func metrics() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let client = try TestClient(port: server.server.port)
        let get = try client.request("GET", "/metrics")
        let head = try client.request("HEAD", "/metrics")
        // The counters move between the two, so only the length's presence can match.
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.header("Cache-Control") == "no-store")
        #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 1000)
        #expect(try client.request("GET", "/healthz").text == "ok")
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
