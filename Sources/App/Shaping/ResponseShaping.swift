import HTTPServer

/// What the router does around every path, on the way in and on the way out: `HEAD`
/// answered as `GET` is, CORS for the allowed origins (their preflights answered here),
/// and gzip for clients that accept it.
///
/// One place for these, because they are the same for every path: each path answers GET
/// only, and gets HEAD, CORS and compression without knowing of them. None of it decides
/// what runs — a preflight runs nothing, and everything else goes through its path as
/// it would without this layer.
struct ResponseShaping: Sendable {
    /// Which other origins' pages may read responses; nil sends no CORS headers at all.
    var cors: CORSPolicy? = nil
    /// Which answers are compressed; shared with the response cache, which keeps each kept
    /// answer's gzip bytes.
    var compression = ResponseCompression()

    /// Answers `request` through `route`, shaped.
    ///
    /// `HEAD` is routed as `GET`, and the whole answer — status, headers, and the body that
    /// gives `Content-Length`, compressed as a GET's would be — goes to libmicrohttpd,
    /// which sends everything but the body (RFC 9110 §9.3.2).
    func respond(
        to request: HTTPRequest, route: (HTTPRequest) -> (HTTPResponse, String?)
    ) -> (HTTPResponse, String?) {
        if let preflight = cors?.preflight(request) { return (preflight, nil) }
        var routed = request
        if request.method == "HEAD" { routed.method = "GET" }
        var (response, operationName) = route(routed)
        if request.method == "HEAD", response.upgradesToWebSocket {
            // A HEAD cannot switch protocols (RFC 6455 §4.1 opens a WebSocket with GET only).
            response = HTTPResponse(status: 400, text: "A WebSocket is opened with GET, not HEAD.")
        }
        if response.status == 405 { Self.allowHEADWithGET(in: &response.headers) }
        cors?.shape(&response, origin: request.headers["Origin"])
        if let pending = response.pending {
            // An answer completed later (a mutation's, once durable) is compressed on the
            // pool thread that sends it, after it has taken this placeholder's headers.
            let acceptEncoding = request.headers["Accept-Encoding"]
            pending.beforeSending { [compression] in compression.encode($0, acceptEncoding: acceptEncoding) }
        } else if compression.isEligible(response) {
            response = compression.encode(response, acceptEncoding: request.headers["Accept-Encoding"])
        }
        return (response, operationName)
    }

    /// Adds HEAD to a 405's `Allow` that lists GET: every path that answers GET answers
    /// HEAD through this layer, so the paths themselves need not list it.
    private static func allowHEADWithGET(in headers: inout HTTPHeaders) {
        guard let allow = headers["Allow"] else { return }
        let methods = allow.split(separator: ",").map { $0.spaceTrimmed }
        if methods.contains("GET"), !methods.contains("HEAD") {
            headers.replaceOrAdd(name: "Allow", value: allow + ", HEAD")
        }
    }
}

extension HTTPHeaders {
    /// Adds `name` to the response's `Vary` list (one field, RFC 9110 §12.5.5), unless
    /// it is there already.
    mutating func addVary(_ name: String) {
        guard let existing = self["Vary"] else {
            add(name: "Vary", value: name)
            return
        }
        let listed = existing.split(separator: ",").contains { $0.spaceTrimmed.lowercased() == name.lowercased() }
        if !listed { replaceOrAdd(name: "Vary", value: existing + ", " + name) }
    }
}
