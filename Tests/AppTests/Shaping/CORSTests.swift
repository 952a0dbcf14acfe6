import Foundation
import KitchenTestSupport
import Testing

@testable import App

/// CORS for an allow-list of origins (`--cors-origin`), through a real server.
@Suite("CORS")
struct CORSTests {
    static let app = "https://app.example.com"
    static let query = #"{"query":"{ recipes(first: 1) { nodes { name } } }"}"#

    static func start(origins: [String]?) throws -> TestServer {
        try TestServer.start(demo: true) { options in
            options.cors = try? origins.map { try CORSPolicy(origins: $0) }
        }
    }

    static func post(_ server: TestServer, origin: String?, extra: [String] = []) throws -> TestClient.Response {
        let headers = ["Content-Type: application/json"] + (origin.map { ["Origin: \($0)"] } ?? []) + extra
        return try TestClient(port: server.server.port).request("POST", "/graphql", headers: headers, body: Array(query.utf8))
    }

    static func preflight(
        _ server: TestServer, origin: String, path: String = "/graphql",
        requestHeaders: String = "content-type, authorization"
    ) throws -> TestClient.Response {
        try TestClient(port: server.server.port).request(
            "OPTIONS", path,
            headers: ["Origin: \(origin)", "Access-Control-Request-Method: POST",
                      "Access-Control-Request-Headers: \(requestHeaders)"])
    }

    static func corsHeaders(_ response: TestClient.Response) -> [String] {
        response.headers.map { $0.name.lowercased() }.filter { $0.hasPrefix("access-control-") }
    }

    static func varies(_ response: TestClient.Response, by name: String) -> Bool {
        response.headers.filter { $0.name.lowercased() == "vary" }
            .flatMap { $0.value.split(separator: ",") }
            .contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased() }
    }

    @Test("without --cors-origin no response carries a CORS header, and a preflight is not answered")
    func off() throws {
        let server = try Self.start(origins: nil)
        defer { server.stop() }
        let answered = try Self.post(server, origin: Self.app)
        #expect(answered.status == 200)
        #expect(Self.corsHeaders(answered).isEmpty)
        #expect(!Self.varies(answered, by: "Origin"))
        let preflight = try Self.preflight(server, origin: Self.app)
        #expect(preflight.status == 405)
        #expect(Self.corsHeaders(preflight).isEmpty)
    }

    @Test("an allowed origin is echoed with Vary: Origin and the exposed headers, never with credentials")
    func allowed() throws {
        let server = try Self.start(origins: [Self.app, "http://localhost:3000"])
        defer { server.stop() }
        for origin in [Self.app, "http://localhost:3000"] {
            let response = try Self.post(server, origin: origin)
            #expect(response.status == 200)
            #expect(response.header("Access-Control-Allow-Origin") == origin)
            #expect(Self.varies(response, by: "Origin"))
            #expect(response.header("Access-Control-Expose-Headers")?.contains("X-Request-Id") == true)
            #expect(response.header("Access-Control-Allow-Credentials") == nil)
        }
        let schema = try TestClient(port: server.server.port).request("GET", "/schema.graphql", headers: ["Origin: \(Self.app)"])
        #expect(schema.header("Access-Control-Allow-Origin") == Self.app)
    }

    @Test("another origin, or none, gets no CORS headers (only Vary: Origin), and its preflight is refused")
    func refused() throws {
        let server = try Self.start(origins: [Self.app])
        defer { server.stop() }
        for origin in ["https://evil.example.com", "https://app.example.com.evil.example", "http://app.example.com", "null", nil] {
            let response = try Self.post(server, origin: origin)
            #expect(response.status == 200, "the request itself is served as without CORS")
            #expect(Self.corsHeaders(response).isEmpty, "\(origin ?? "no origin")")
            #expect(Self.varies(response, by: "Origin"))
        }
        let preflight = try Self.preflight(server, origin: "https://evil.example.com")
        #expect(preflight.status == 403)
        #expect(Self.corsHeaders(preflight).isEmpty)
    }

    @Test("an allowed origin's preflight is 204 with the methods, the headers Kitchen reads, and a max age")
    func preflight() throws {
        let server = try Self.start(origins: [Self.app])
        defer { server.stop() }
        for path in ["/graphql", "/schema.graphql"] {
            let response = try Self.preflight(server, origin: Self.app, path: path)
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            #expect(response.header("Access-Control-Allow-Origin") == Self.app)
            #expect(Self.varies(response, by: "Origin"))
            #expect(response.header("Access-Control-Allow-Credentials") == nil)
            let methods = Set((response.header("Access-Control-Allow-Methods") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
            #expect(methods.isSuperset(of: ["GET", "POST"]))
            let allowed = Set((response.header("Access-Control-Allow-Headers") ?? "").lowercased().split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
            #expect(allowed.isSuperset(of: [
                "content-type", "authorization", "apollo-require-preflight", "x-apollo-operation-name",
                "x-kitchen-csrf", "apollographql-client-name", "apollographql-client-version",
            ]))
            #expect(response.header("Access-Control-Max-Age") == "7200")
        }
    }

    @Test("* lets every origin read responses, answered * and never with credentials")
    func everyOrigin() throws {
        let server = try Self.start(origins: ["*"])
        defer { server.stop() }
        let response = try Self.post(server, origin: "https://anyone.example")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Access-Control-Allow-Credentials") == nil)
        let preflight = try Self.preflight(server, origin: "https://anyone.example")
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
    }

    @Test("CORS shapes answers, never what runs: an allowed origin's upload without a CSRF header and its mutation over GET are still refused")
    func policiesStillApply() throws {
        let server = try Self.start(origins: [Self.app])
        defer { server.stop() }
        var form = MultipartBuilder()
        form.field("operations", #"{"query":"mutation($f: Upload!) { uploadDish(input: {photos: [$f], description: \"x\"}) { id } }","variables":{"f":null}}"#)
        form.field("map", #"{"0":["variables.f"]}"#)
        form.file("0", filename: "a.png", type: "image/png", TestImages.png(width: 8, height: 8))
        let upload = try TestClient(port: server.server.port).request(
            "POST", "/graphql", headers: ["Origin: \(Self.app)", form.contentType], body: form.finished())
        #expect(upload.status == 400)
        #expect(upload.text.contains("cross-site request forgery"))
        #expect(upload.header("Access-Control-Allow-Origin") == Self.app, "the page may read why")
        let mutation = try TestClient(port: server.server.port).request(
            "GET", "/graphql?query=mutation%7BsignOut%7D", headers: ["Origin: \(Self.app)"])
        #expect(mutation.status == 405)
    }

    @Test("--cors-origin repeats, KITCHEN_CORS_ORIGINS is comma-separated, and a value that is not an origin is a flag error")
    func flags() throws {
        func policy(_ arguments: [String], _ environment: [String: String] = [:]) throws -> CORSPolicy? {
            try ShapingFlags.corsPolicy(from: FlagParser(ShapingFlags.all).parse(arguments, environment: environment))
        }
        #expect(try policy([]) == nil)
        #expect(try policy(["--cors-origin", "https://a.example", "--cors-origin=http://b.example:8080"])?.origins
            == ["https://a.example", "http://b.example:8080"])
        #expect(try policy([], ["KITCHEN_CORS_ORIGINS": "https://a.example, HTTPS://B.example:443"])?.origins
            == ["https://a.example", "https://b.example"])
        #expect(try policy(["--cors-origin", "https://c.example"], ["KITCHEN_CORS_ORIGINS": "https://a.example"])?.origins
            == ["https://c.example"])
        #expect(try policy(["--cors-origin", "*"])?.allowsEveryOrigin == true)
        #expect(throws: FlagError.self) { try policy(["--cors-origin", "https://a.example/"]) }
        let run = runKitchen(["serve", "--cors-origin", "app.example.com", "--port", "0"])
        #expect(run.status != 0)
        #expect(run.error.contains("--cors-origin"), "\(run.error)")
        #expect(runKitchen(["serve", "--help"]).out.contains("--cors-origin ORIGIN"))
    }

    @Test("origins are taken as browsers serialize them")
    func serialization() throws {
        #expect(try CORSPolicy.serializedOrigin("https://App.Example.com") == "https://app.example.com")
        #expect(try CORSPolicy.serializedOrigin("https://app.example.com:443") == "https://app.example.com")
        #expect(try CORSPolicy.serializedOrigin("http://localhost:80") == "http://localhost")
        #expect(try CORSPolicy.serializedOrigin("http://localhost:3000") == "http://localhost:3000")
        #expect(try CORSPolicy.serializedOrigin("https://app.example.com:8443") == "https://app.example.com:8443")
        #expect(try CORSPolicy.serializedOrigin("http://[::1]:3000") == "http://[::1]:3000")
        #expect(try CORSPolicy.serializedOrigin("http://127.0.0.1:8080") == "http://127.0.0.1:8080")
        for bad in ["null", "app.example.com", "ftp://app.example.com", "https://", "https://app.example.com/",
                    "https://app.example.com/path", "https://user@app.example.com", "https://app.example.com:0",
                    "https://app.example.com:99999", "https://app.example.com:x", "https://例子.example", "https://a b"] {
            #expect(throws: CORSPolicy.OriginError.self, "\(bad)") { try CORSPolicy.serializedOrigin(bad) }
        }
    }
}
