import HTTPServer

/// The developer's paths beside `/graphql`: the explorer page and its assets, and
/// `/metrics`; plus the request ids and counters every request passes through.
struct DeveloperRoutes: Sendable {
    /// Counters and gauges for `/metrics`.
    var metrics = ServerMetrics()
    /// Makes each request's `X-Request-Id`.
    let ids = RequestIDs()

    /// The response for a developer path, or nil to let the router go on.
    func route(_ request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/":
            guard isRead(request) else { return nil }
            return ExplorerAssets.page()
        case "/graphql":
            guard request.method == "GET", Self.wantsPage(request) else { return nil }
            return ExplorerAssets.page()
        case "/metrics":
            guard isRead(request) else { return nil }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: PrometheusText.contentType)
            headers.add(name: "Cache-Control", value: "no-store")
            return HTTPResponse(status: 200, headers: headers, body: Array(metrics.exposition().utf8))
        default:
            guard isRead(request) else { return nil }
            return ExplorerAssets.asset(at: request.path)
        }
    }

    private func isRead(_ request: HTTPRequest) -> Bool {
        request.method == "GET" || request.method == "HEAD"
    }

    /// Whether a GET of `/graphql` is a browser asking for a page: no GraphQL parameters,
    /// and `text/html` preferred to every JSON type the endpoint serves.
    static func wantsPage(_ request: HTTPRequest) -> Bool {
        for (name, _) in request.queryParameters where ["query", "extensions", "documentId"].contains(name) {
            return false
        }
        guard let accept = request.headers["Accept"] else { return false }
        var html = 0.0
        var json = 0.0
        for range in MediaRange.parseList(accept) {
            switch (range.type, range.subtype) {
            case ("text", "html"): html = max(html, range.quality)
            case ("application", "json"), ("application", "graphql-response+json"): json = max(json, range.quality)
            default: break
            }
        }
        return html > 0 && html > json
    }
}
