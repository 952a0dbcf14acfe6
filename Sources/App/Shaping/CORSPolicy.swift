import HTTPServer

/// Which other origins' web pages may call Kitchen from a browser, and the CORS headers
/// (the Fetch standard's CORS protocol) that tell the browser so.
///
/// Off unless origins are given (`--cors-origin`): then a browser on any other origin may
/// send requests but not read the answers, as without CORS. CORS only shapes responses —
/// it decides what a browser lets a page read, never what the server runs: every request,
/// from an allowed origin or not, goes through the same pipeline and its CSRF check.
///
/// Credentials are never allowed (no `Access-Control-Allow-Credentials`). Kitchen names
/// its viewer by a bearer token that the page itself puts in `Authorization`, which CORS
/// treats as an ordinary request header; cookies and HTTP authentication, the credentials
/// a browser would attach on its own, are not used, so allowing them would grant nothing
/// but risk. It also keeps `*` valid (a browser refuses `*` with credentials).
struct CORSPolicy: Sendable, Equatable {
    /// The allowed origins, serialized as browsers send them in `Origin`.
    let origins: Set<String>
    /// `*` was given: every origin may read responses (answered `*`, which needs no `Vary`).
    let allowsEveryOrigin: Bool

    /// The methods a preflight allows.
    static let allowedMethods = "GET, HEAD, POST"
    /// The request headers a preflight allows: the JSON body's type, the bearer token, the
    /// headers the pipeline's CSRF rule asks of uploads (`CrossSiteRequests`), and Apollo
    /// clients' name and version.
    static let allowedHeaders = (["Content-Type", "Authorization"] + CrossSiteRequests.preflightHeaders
        + ["apollographql-client-name", "apollographql-client-version"]).joined(separator: ", ")
    /// The response headers a page may read besides the CORS-safelisted ones: the id that
    /// ties an `INTERNAL` error to the log, and when to retry after `RATE_LIMITED`.
    static let exposedHeaders = "X-Request-Id, Retry-After"
    /// How long a browser may reuse a preflight's answer: two hours, the most Chromium
    /// keeps one. An origin taken off the list is refused at once all the same: every
    /// response is checked, not only the preflight.
    static let maxAgeSeconds = 7200

    /// A policy for `origins` as given on the command line: each a serialized origin
    /// (`https://app.example.com`, `http://localhost:3000`), or `*` for every origin.
    init(origins given: [String]) throws(OriginError) {
        var origins = Set<String>()
        var everyOrigin = false
        for text in given {
            if text == "*" {
                everyOrigin = true
            } else {
                origins.insert(try Self.serializedOrigin(text))
            }
        }
        self.origins = origins
        self.allowsEveryOrigin = everyOrigin
    }

    /// Whether a page on `origin` (a request's `Origin`) may read responses.
    func allows(_ origin: String) -> Bool {
        allowsEveryOrigin || origins.contains(origin)
    }

    /// The answer to a CORS preflight (`OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`), or nil for any other request. An allowed origin
    /// gets 204 with the methods and headers Kitchen accepts — the browser itself then
    /// refuses a request that needs others; any other origin gets 403 and no CORS headers.
    func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS", request.headers["Access-Control-Request-Method"] != nil,
            let origin = request.headers["Origin"]
        else { return nil }
        guard allows(origin) else {
            var refused = HTTPResponse(status: 403, text: "This origin may not call Kitchen from a browser.\n")
            refused.headers.addVary("Origin")
            return refused
        }
        var response = HTTPResponse(status: 204)
        allowOrigin(origin, in: &response.headers)
        response.headers.add(name: "Access-Control-Allow-Methods", value: Self.allowedMethods)
        response.headers.add(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
        response.headers.add(name: "Access-Control-Max-Age", value: String(Self.maxAgeSeconds))
        return response
    }

    /// Adds the CORS headers to the response to a request from `origin` (nil: no `Origin`):
    /// the allowed origin echoed, or for any other only `Vary: Origin` (the same URL
    /// answers other origins differently, which a shared cache must know).
    func shape(_ response: inout HTTPResponse, origin: String?) {
        if let origin, allows(origin) {
            allowOrigin(origin, in: &response.headers)
            response.headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
        } else if !allowsEveryOrigin {
            response.headers.addVary("Origin")
        }
    }

    private func allowOrigin(_ origin: String, in headers: inout HTTPHeaders) {
        if allowsEveryOrigin {
            headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: "*")
        } else {
            headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: origin)
            headers.addVary("Origin")
        }
    }
}
