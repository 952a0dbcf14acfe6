import Foundation
import HTTPServer
import Storage
import Testing

@testable import App

@Suite("GET /media/<hash>")
struct MediaEndpointTests {
    /// A media folder in a fresh temporary directory, with one stored picture.
    struct Fixture {
        let directory: URL
        let folder: MediaFolder
        let endpoint: MediaEndpoint
        let hash: String

        init(_ bytes: [UInt8]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-media-\(UUID().uuidString)")
            folder = try MediaFolder(databasePath: directory.appendingPathComponent("k.sqlite").path)
            endpoint = MediaEndpoint(folder: folder)
            hash = ContentHash.sha256(bytes)
            try folder.commit(staged: try folder.stage(bytes), hash: hash)
        }

        func get(_ target: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
            endpoint.handle(HTTPRequest(method: "GET", target: target, headers: headers))
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("the original is served with its type, a strong ETag and an immutable year-long cache life")
    func original() throws {
        let png = TestImages.png(width: 700, height: 350)
        let fixture = try Fixture(png)
        defer { fixture.remove() }
        let response = fixture.get("/media/\(fixture.hash)")
        #expect(response.status == 200)
        #expect(response.body == png)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(response.headers["ETag"] == "\"\(fixture.hash)\"")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }

    @Test("w=160 and w=640 give copies that wide, made once and kept beside the original")
    func resized() throws {
        let fixture = try Fixture(TestImages.jpeg(width: 800, height: 400))
        defer { fixture.remove() }
        for width in [160, 640] {
            let response = fixture.get("/media/\(fixture.hash)?w=\(width)")
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "image/jpeg")
            #expect(response.headers["ETag"] == "\"\(fixture.hash)-w\(width)\"")
            let image = try #require(InspectedImage(response.body))
            #expect(image.format == .jpeg && image.width == width && image.height == width / 2)
        }
        #expect(fixture.folder.storedNames() == [fixture.hash, "\(fixture.hash).w160", "\(fixture.hash).w640"])
        #expect(fixture.get("/media/\(fixture.hash)?w=160").body == [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.folder.resizedPath(hash: fixture.hash, width: 160)))))
    }

    @Test("a picture narrower than the width asked for is not enlarged")
    func notEnlarged() throws {
        let fixture = try Fixture(TestImages.png(width: 100, height: 50))
        defer { fixture.remove() }
        let image = try #require(InspectedImage(fixture.get("/media/\(fixture.hash)?w=280").body))
        #expect(image.width == 100)
    }

    @Test("If-None-Match with the ETag answers 304 without a body")
    func notModified() throws {
        let fixture = try Fixture(TestImages.png(width: 10, height: 10))
        defer { fixture.remove() }
        let response = fixture.get("/media/\(fixture.hash)", headers: ["If-None-Match": "\"other\", \"\(fixture.hash)\""])
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.headers["ETag"] == "\"\(fixture.hash)\"")
        #expect(fixture.get("/media/\(fixture.hash)?w=160", headers: ["If-None-Match": "\"\(fixture.hash)\""]).status == 200)
    }

    @Test("other widths are 400; unknown hashes, bad names and paths outside the folder are 404")
    func refused() throws {
        let fixture = try Fixture(TestImages.png(width: 10, height: 10))
        defer { fixture.remove() }
        #expect(fixture.get("/media/\(fixture.hash)?w=300").status == 400)
        #expect(fixture.get("/media/\(fixture.hash)?w=abc").status == 400)
        #expect(fixture.get("/media/\(String(repeating: "0", count: 64))").status == 404)
        #expect(fixture.get("/media/../k.sqlite").status == 404)
        #expect(fixture.get("/media/\(fixture.hash).w160").status == 404)
        #expect(fixture.endpoint.handle(HTTPRequest(method: "POST", target: "/media/\(fixture.hash)")).status == 405)
    }
}
