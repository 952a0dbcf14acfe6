import Foundation
import HTTPServer
import Storage

/// `GET /media/<hash>`: a stored picture, or with `?w=160|280|640` a copy at most that
/// wide, made once with libvips and kept beside the original (HEAD is answered as GET by
/// `ResponseShaping`).
///
/// A picture's address names its content, so it never changes: responses carry a strong
/// `ETag` and a year-long `immutable` cache lifetime, and `If-None-Match` answers 304.
struct MediaEndpoint: Sendable {
    /// The widths the apps show pictures at; any other `w` is 400, so that a client cannot
    /// fill the disk with sizes.
    static let widths = [160, 280, 640]
    static let cacheControl = "public, max-age=31536000, immutable"

    let folder: MediaFolder

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" else {
            var response = HTTPResponse(status: 405, text: "Method not allowed here; use GET, HEAD.")
            response.headers.replaceOrAdd(name: "Allow", value: "GET, HEAD")
            return response
        }
        let hash = String(request.path.dropFirst(MediaRepository.urlPrefix.count))
        guard ContentHash.isWellFormed(hash),
            let original = FileManager.default.contents(atPath: folder.originalPath(hash: hash))
        else {
            return HTTPResponse(status: 404, text: "No picture has this address.")
        }
        var width: Int?
        if let parameter = request.queryParameter("w") {
            guard let asked = Int(parameter), Self.widths.contains(asked) else {
                return HTTPResponse(
                    status: 400,
                    text: "The width w must be one of \(Self.widths.map(String.init).joined(separator: ", ")).")
            }
            width = asked
        }
        let etag = width.map { "\"\(hash)-w\($0)\"" } ?? "\"\(hash)\""
        var headers = HTTPHeaders()
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: Self.cacheControl)
        if Self.matches(ifNoneMatch: request.headers["If-None-Match"], etag: etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        let bytes = [UInt8](original)
        guard let format = ImageFormat(sniffing: bytes) else {
            return HTTPResponse(status: 500, text: "The stored picture is damaged.")
        }
        var body = bytes
        if let width {
            guard let resized = resized(bytes, hash: hash, width: width, format: format) else {
                return HTTPResponse(status: 500, text: "The picture could not be resized.")
            }
            body = resized
        }
        headers.add(name: "Content-Type", value: format.mediaType)
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// The resized copy from disk, made (and written atomically) the first time it is asked for.
    private func resized(_ original: [UInt8], hash: String, width: Int, format: ImageFormat) -> [UInt8]? {
        let path = folder.resizedPath(hash: hash, width: width)
        if let stored = FileManager.default.contents(atPath: path) { return [UInt8](stored) }
        guard let made = Vips.thumbnail(original, width: width, format: format) else { return nil }
        if let staged = try? folder.stage(made, durable: false), rename(staged, path) != 0 {
            folder.discard(staged: staged)
        }
        return made
    }

    /// Whether an `If-None-Match` list names `etag` (or is `*`); weak tags compare by value.
    static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmed
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
