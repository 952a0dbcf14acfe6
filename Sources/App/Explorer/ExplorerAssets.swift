import HTTPServer

/// The explorer: one HTML page, its scripts and its style sheet, all written for Kitchen
/// and served by it, so the page works with no network beyond the server (no CDN).
///
/// They are ordinary files in `Explorer/Assets/` (`explorer.html`, `app.js`, `app.css`, …),
/// which the EmbedAssets build-tool plugin (`Plugins/`) embeds in the binary at build
/// time: editors and linters see real files, and serving them reads nothing from disk.
enum ExplorerAssets {
    /// Where the scripts and style sheets are served: `/explorer/app.js` is `app.js`.
    static let pathPrefix = "/explorer/"
    /// The page's file; it is served at `/` (and to a browser's `GET /graphql`), not under
    /// `pathPrefix`.
    static let pageFile = "explorer.html"

    /// The embedded files' bytes by file name (`app.js`).
    static let files: [String: [UInt8]] = EmbeddedAssets.files.mapValues { text in
        text.withUTF8Buffer { Array($0) }
    }

    /// The page, never cached (it names the assets).
    static func page() -> HTTPResponse {
        var headers = commonHeaders(contentType: "text/html; charset=utf-8")
        headers.add(
            name: "Content-Security-Policy",
            value: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'")
        return HTTPResponse(status: 200, headers: headers, body: files[pageFile] ?? [])
    }

    /// The script or style sheet served at `path`, or nil when there is none.
    static func asset(at path: String) -> HTTPResponse? {
        guard path.hasPrefix(pathPrefix) else { return nil }
        let name = String(path.dropFirst(pathPrefix.count))
        let contentType: String
        if name.hasSuffix(".js") {
            contentType = "text/javascript; charset=utf-8"
        } else if name.hasSuffix(".css") {
            contentType = "text/css; charset=utf-8"
        } else {
            return nil
        }
        guard let body = files[name] else { return nil }
        return HTTPResponse(status: 200, headers: commonHeaders(contentType: contentType), body: body)
    }

    private static func commonHeaders(contentType: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        return headers
    }
}
