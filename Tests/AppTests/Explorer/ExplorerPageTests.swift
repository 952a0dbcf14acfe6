import Foundation
import HTTPServer
import Testing

@testable import App

@Suite("Explorer page")
struct ExplorerPageTests {
    @Test("GET / and a browser's GET /graphql answer the page; GraphQL clients still get GraphQL")
    func negotiation() throws {
        try DeveloperTestServer.with { server in
            let browser = "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
            for target in ["/", "/graphql"] {
                let page = try server.request("GET", target, headers: [browser])
                #expect(page.status == 200)
                #expect(page.header("Content-Type") == "text/html; charset=utf-8")
                #expect(page.text.contains("<title>Kitchen · GraphQL explorer</title>"))
            }
            let json = try server.request("GET", "/graphql", headers: ["Accept: application/json"])
            #expect(json.status == 400)
            let withQuery = try server.request("GET", "/graphql?query=%7Bhello%7D", headers: [browser])
            #expect(withQuery.text == #"{"data":{"hello":"hello, world"}}"#)
            let post = try server.request("POST", "/", body: "x")
            #expect(post.status == 404)
        }
    }

    @Test("the script and style sheet are served by Kitchen with their types")
    func assets() throws {
        try DeveloperTestServer.with { server in
            let script = try server.request("GET", "/explorer/app.js")
            #expect(script.status == 200)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            let style = try server.request("GET", "/explorer/app.css")
            #expect(style.header("Content-Type") == "text/css; charset=utf-8")
        }
    }

    @Test("nothing is loaded from another server")
    func noRemoteAssets() {
        #expect(ExplorerAssets.files.count >= 6)
        for (name, bytes) in ExplorerAssets.files {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("http://"), "\(name)")
            #expect(!text.contains("https://"), "\(name)")
            #expect(!text.contains("//cdn"), "\(name)")
        }
        let page = String(decoding: ExplorerAssets.files[ExplorerAssets.pageFile] ?? [], as: UTF8.self)
        for script in ["markdown.js", "cost.js", "docs.js", "app.js"] {
            #expect(page.contains(#"<script src="/explorer/\#(script)"></script>"#))
        }
        #expect(page.contains(#"<link rel="stylesheet" href="/explorer/app.css">"#))
    }

    @Test("the page, scripts and style sheet are the repository's files, embedded at build time and served byte for byte")
    func embeddedFiles() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/App/Explorer/Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ExplorerAssets.files.keys.sorted())
        try DeveloperTestServer.with { server in
            for name in names {
                let onDisk = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
                let embedded = ExplorerAssets.files[name] == onDisk
                #expect(embedded, "the embedded \(name) is not the file's bytes")
                let target = name == ExplorerAssets.pageFile ? "/" : ExplorerAssets.pathPrefix + name
                let served = try server.request("GET", target)
                let same = served.body == onDisk
                #expect(served.status == 200, "\(target)")
                #expect(same, "\(target) is not the bytes of \(name)")
            }
            #expect(try server.request("GET", "/explorer/explorer.html").status == 404)
            #expect(try server.request("GET", "/explorer/missing.js").status == 404)
        }
    }

    @Test("only a browser that prefers HTML gets the page")
    func wantsPage() {
        func wants(_ accept: String?, _ query: String = "") -> Bool {
            var headers = HTTPHeaders()
            if let accept { headers.add(name: "Accept", value: accept) }
            return DeveloperRoutes.wantsPage(HTTPRequest(method: "GET", target: "/graphql" + query, headers: headers))
        }
        #expect(wants("text/html"))
        #expect(wants("text/html,application/xhtml+xml,*/*;q=0.8"))
        #expect(!wants(nil))
        #expect(!wants("*/*"))
        #expect(!wants("application/json, text/html;q=0.5"))
        #expect(!wants("text/html", "?query=%7Bhello%7D"))
        #expect(!wants("text/html", "?documentId=sha256:00"))
    }
}
