import Foundation
import KitchenTestSupport
import Storage
import Testing

@testable import App

/// Uploads through the product's mutations: avatar, draft cover and step image, dish photos.
@Suite("Product uploads over HTTP")
struct ProductUploadTests {
    /// Posts `query` with `files` placed at the given variable paths.
    func post(
        _ account: TestAccount, port: UInt16, _ query: String, variables: String,
        files: [(path: String, bytes: [UInt8])]
    ) throws -> JSON {
        var form = MultipartBuilder()
        form.field("operations", JSON.object(["query": .string(query)]).text.dropLast() + #","variables":\#(variables)}"#)
        form.field("map", "{" + files.indices.map { #""\#($0)":["\#(files[$0].path)"]"# }.joined(separator: ",") + "}")
        for (index, file) in files.enumerated() {
            form.file("\(index)", filename: "p\(index)", type: "application/octet-stream", file.bytes)
        }
        let response = try TestClient(port: port).request(
            "POST", "/graphql",
            headers: [form.contentType, "Apollo-Require-Preflight: true", "Authorization: Bearer \(account.token)"],
            body: form.finished())
        return JSON(data: Data(response.body))
    }

    @Test("an uploaded avatar has its size, and url(width:) addresses a copy the server makes")
    func avatar() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let jpeg = TestImages.jpeg(width: 800, height: 600)
        let body = try post(
            cook, port: server.server.port,
            "mutation($f: Upload) { updateProfile(input: {avatar: $f}) { avatar { url small: url(width: 160) width height } } }",
            variables: #"{"f":null}"#, files: [("variables.f", jpeg)])
        let avatar = body["data"]["updateProfile"]["avatar"]
        let hash = ContentHash.sha256(jpeg)
        #expect(avatar["url"].string == "/media/\(hash)")
        #expect(avatar["small"].string == "/media/\(hash)?w=160")
        #expect(avatar["width"].int == 800 && avatar["height"].int == 600)
        let small = try TestClient(port: server.server.port).request("GET", "/media/\(hash)?w=160")
        #expect(InspectedImage(small.body)?.width == 160)
    }

    @Test("a dish takes uploaded photos beside URL ones, in order, with their sizes")
    func dishPhotos() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let body = try post(
            cook, port: server.server.port,
            "mutation($p: [Upload!]) { uploadDish(input: {photoUrls: [\"https://img.example/a.jpg\"], photos: $p}) { photos { url(width: 280) width } } }",
            variables: #"{"p":[null,null]}"#,
            files: [("variables.p.0", TestImages.png(width: 300, height: 200)), ("variables.p.1", TestImages.jpeg(width: 640, height: 480))])
        let photos = body["data"]["uploadDish"]["photos"].array
        #expect(photos.count == 3)
        #expect(photos.first?["url"].string == "https://img.example/a.jpg")
        #expect(photos.dropFirst().map { $0["width"].int } == [300, 640])
        #expect(photos.last?["url"].string?.hasSuffix("?w=280") == true)
    }

    @Test("an Upload written in the document is a validation error, in graphql-upload's words, and runs nothing")
    func uploadLiteral() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let reply = try cook.client.post(
            #"mutation { uploadDish(input: {photos: ["a.jpg"]}) { id } }"#)
        #expect(reply.status == 400)
        #expect(reply.body["data"] == .missing)
        #expect(reply.errorCode == "GRAPHQL_VALIDATION_FAILED")
        #expect(reply.errorMessage == "Upload literal unsupported.")
        #expect(reply.errors.first?["locations"] == [["line": 1, "column": 40]])
        let dishes = try cook.client.post("{ viewer { dishesCount } }").ok()
        #expect(dishes["viewer"]["dishesCount"].int == 0)
    }

    @Test("a draft's cover and a step's image can be uploaded")
    func draftImages() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let draft = try cook.draftWithSteps(["Beat the eggs."])
        let png = TestImages.png(width: 64, height: 48)
        let cover = try post(
            cook, port: server.server.port,
            "mutation($id: ID!, $f: Upload) { updateDraft(id: $id, input: {coverImage: $f}) { coverImage { url width } } }",
            variables: #"{"id":"\#(draft)","f":null}"#, files: [("variables.f", png)])
        #expect(cover["data"]["updateDraft"]["coverImage"]["width"].int == 64)
        let step = try post(
            cook, port: server.server.port,
            "mutation($id: ID!, $f: Upload) { updateStep(draftId: $id, index: 0, input: {image: $f}) { steps { image { url height } } } }",
            variables: #"{"id":"\#(draft)","f":null}"#, files: [("variables.f", png)])
        #expect(step["data"]["updateStep"]["steps"][0]["image"]["height"].int == 48)
        #expect(step["data"]["updateStep"]["steps"][0]["image"]["url"].string == "/media/\(ContentHash.sha256(png))")
    }

    @Test("a rejected updateProfile keeps no file: the folder and the media table are unchanged")
    func rejectedMutationStoresNothing() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let body = try post(
            cook, port: server.server.port,
            "mutation($f: Upload) { updateProfile(input: {name: \"   \", avatar: $f}) { id } }",
            variables: #"{"f":null}"#, files: [("variables.f", TestImages.png(width: 16, height: 16))])
        #expect(body["errors"][0]["extensions"]["code"].string == "BAD_USER_INPUT")
        let folder = try server.withRepositories { _, database in try MediaFolder(path: database.mediaFolderPath) }
        #expect(folder.storedNames().isEmpty && folder.stagedNames().isEmpty)
    }
}
