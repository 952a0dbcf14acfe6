import Foundation
import KitchenTestSupport
import Storage
import Testing

@testable import App

@Suite("Uploads over HTTP")
struct UploadTests {
    static let csrf = "Apollo-Require-Preflight: true"

    /// Posts one file as the `file` variable of `mutation`.
    func upload(
        _ server: TinyUploadServer, _ bytes: [UInt8], mutation: String = "setAvatar",
        filename: String = "photo.jpg", headers: [String] = [csrf]
    ) throws -> TestClient.Response {
        var form = MultipartBuilder()
        form.field("operations", #"{"query":"mutation($f: Upload!) { \#(mutation)(file: $f) }","variables":{"f":null}}"#)
        form.field("map", #"{"0":["variables.f"]}"#)
        form.file("0", filename: filename, type: "image/jpeg", bytes)
        return try TestClient(port: server.port).request(
            "POST", "/graphql", headers: headers + [form.contentType], body: form.finished())
    }

    func json(_ response: TestClient.Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("a JPEG and a PNG are stored by content hash and served back at two widths")
    func storeAndServe() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            for (bytes, format) in [(TestImages.jpeg(width: 900, height: 600), "jpeg"), (TestImages.png(width: 320, height: 160), "png")] {
                let response = try upload(server, bytes)
                #expect(response.status == 200)
                let hash = ContentHash.sha256(bytes)
                #expect(response.text == #"{"data":{"setAvatar":"/media/\#(hash)"}}"#)
                #expect(server.folder.storedNames().contains(hash))
                #expect(try server.media.items(hashes: [hash])[hash]?.format == format)
                let client = try TestClient(port: server.port)
                #expect(try client.request("GET", "/media/\(hash)").body == bytes)
                for width in [160, 280] {
                    let resized = try client.request("GET", "/media/\(hash)?w=\(width)")
                    #expect(resized.status == 200)
                    #expect(resized.header("Content-Type") == "image/\(format)")
                    #expect(InspectedImage(resized.body)?.width == width)
                }
            }
            #expect(server.folder.stagedNames().isEmpty)
            let item = try server.media.items(hashes: [ContentHash.sha256(TestImages.jpeg(width: 900, height: 600))]).values.first
            #expect(item?.width == 900 && item?.height == 600)
        }
    }

    @Test("the same picture uploaded twice is stored once")
    func deduplicated() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            let png = TestImages.png(width: 20, height: 20)
            #expect(try upload(server, png).status == 200)
            #expect(try upload(server, png).status == 200)
            #expect(server.folder.storedNames() == [ContentHash.sha256(png)])
            #expect(try server.mediaRows() == [ContentHash.sha256(png)])
        }
    }

    @Test("a text file renamed .jpg is BAD_USER_INPUT and nothing is stored")
    func renamedText() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            let response = try upload(server, Array("just some text, not a picture\n".utf8), filename: "cat.jpg")
            #expect(response.status == 200)  // application/json: request errors answer 200
            let errors = try #require(json(response)["errors"] as? [[String: Any]])
            #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "BAD_USER_INPUT")
            #expect(try json(response)["data"] == nil)
            #expect(server.folder.storedNames().isEmpty && server.folder.stagedNames().isEmpty)
            #expect(try server.mediaRows().isEmpty)
        }
    }

    @Test("a file over the per-file limit, or a body over the request limit, is 413 and nothing is stored")
    func oversized() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            var big = TestImages.png(width: 300, height: 300)  // about 270 kB uncompressed
            #expect(big.count > 200_000)
            #expect(try upload(server, big).status == 413)
            big += Array(repeating: 0, count: 300_000)
            #expect(try upload(server, big).status == 413)
            #expect(server.folder.storedNames().isEmpty && server.folder.stagedNames().isEmpty)
            #expect(try server.mediaRows().isEmpty)
        }
    }

    @Test("a rejected mutation leaves no file and no row behind")
    func noOrphans() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            let response = try upload(server, TestImages.png(width: 8, height: 8), mutation: "refuse")
            #expect(response.text.contains("No, thank you."))
            #expect(server.folder.storedNames().isEmpty && server.folder.stagedNames().isEmpty)
            #expect(try server.mediaRows().isEmpty)
        }
    }

    @Test("a multipart request without a preflight header is refused as possible CSRF")
    func csrf() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            let response = try upload(server, TestImages.png(width: 8, height: 8), headers: [])
            #expect(response.status == 400)
            #expect(response.text.contains("X-Kitchen-CSRF"))
            #expect(try upload(server, TestImages.png(width: 8, height: 8), headers: ["X-Kitchen-CSRF: 1"]).status == 200)
            #expect(try upload(server, TestImages.png(width: 9, height: 8), headers: ["X-Apollo-Operation-Name: up"]).status == 200)
        }
    }

    @Test("an Upload placeholder typed into a JSON request names no file")
    func forgedPlaceholder() throws {
        try TinyUploadServer.with { (server: TinyUploadServer) throws in
            let body = #"{"query":"mutation($f: Upload!) { setAvatar(file: $f) }","variables":{"f":"kitchen-upload:0"}}"#
            let response = try TestClient(port: server.port).request(
                "POST", "/graphql", headers: ["Content-Type: application/json"], body: Array(body.utf8))
            #expect(response.text.contains("BAD_USER_INPUT"))
            #expect(try server.annAvatarURL() == nil)
        }
    }
}
