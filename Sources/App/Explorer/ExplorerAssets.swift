import HTTPServer

/// The explorer: one HTML page, one script and one style sheet, all written for Kitchen
/// and served by it, so the page works with no network beyond the server (no CDN).
///
/// The assets are Swift string constants (see `ExplorerAssets+Page.swift`,
/// `+Script.swift`, `+Style.swift`) rather than package resources, which an executable's
/// library target cannot load simply.
enum ExplorerAssets {
    static let scriptPath = "/explorer/app.js"
    static let stylePath = "/explorer/app.css"

    /// The page, never cached (it names the asset versions).
    static func page() -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(
            name: "Content-Security-Policy",
            value: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'")
        return HTTPResponse(status: 200, headers: headers, body: Array(html.utf8))
    }

    /// A script or style sheet.
    static func asset(_ text: String, contentType: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        return HTTPResponse(status: 200, headers: headers, body: Array(text.utf8))
    }
}
