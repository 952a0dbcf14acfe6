import GraphQL
import HTTPServer
import Storage

/// Kitchen's HTTP surface: `/graphql`, `/healthz`, `/schema.graphql`, `/media/<hash>` (and
/// the developer paths of `DeveloperRoutes`), shaped by `ResponseShaping` (HEAD, CORS,
/// gzip), with one log line per request.
struct Router<Context: Sendable>: HTTPHandler {
    let graphQL: GraphQLEndpoint<Context>
    /// The schema's SDL, served as the public contract.
    let schemaSDL: [UInt8]
    /// Whether the database answers, for `/healthz`.
    let isHealthy: @Sendable () -> Bool
    let log: RequestLog
    /// Adds `X-Kitchen-SQL-Statements` (the request's statement count) to every response,
    /// for tests that show the count depends on a query's shape, not on its lists.
    var reportsStatementCounts = false
    /// Stored pictures; nil serves none (404).
    var media: MediaEndpoint? = nil
    /// The explorer, `/metrics`, request ids and counters.
    var developer = DeveloperRoutes()
    /// HEAD, CORS and gzip, around every path.
    var shaping = ResponseShaping()

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        let statementsBefore = ThreadStatementCount.current
        let id = developer.ids.next()
        var (response, operationName) = RequestID.$current.withValue(id) {
            shaping.respond(to: request) { route($0) }
        }
        response.headers.replaceOrAdd(name: "X-Request-Id", value: id)
        if reportsStatementCounts {
            response.headers.add(
                name: "X-Kitchen-SQL-Statements",
                value: String(ThreadStatementCount.current - statementsBefore))
        }
        developer.observe(
            request, response: response, id: id, operationName: operationName,
            duration: ContinuousClock.now - started, log: log)
        return response
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, String?) {
        if let page = developer.route(request) { return (page, nil) }
        if let media, request.path.hasPrefix(MediaRepository.urlPrefix) {
            return (media.handle(request), nil)
        }
        switch request.path {
        case "/graphql":
            return graphQL.handle(request)
        case "/healthz":
            guard request.method == "GET" else {
                return (GraphQLEndpoint<Context>.methodNotAllowed(allow: "GET, HEAD"), nil)
            }
            guard isHealthy() else {
                var response = HTTPResponse(status: 503, text: "the database does not answer")
                response.headers.replaceOrAdd(name: "Retry-After", value: String(DatabaseOutage.retryAfterSeconds))
                return (response, nil)
            }
            return (HTTPResponse(status: 200, text: "ok"), nil)
        case "/schema.graphql":
            guard request.method == "GET" else {
                return (GraphQLEndpoint<Context>.methodNotAllowed(allow: "GET, HEAD"), nil)
            }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            return (HTTPResponse(status: 200, headers: headers, body: schemaSDL), nil)
        default:
            return (HTTPResponse(status: 404, text: "Not found. GraphQL is served at /graphql."), nil)
        }
    }
}

/// The router as the server runs it, for Kitchen's own `RequestContext`.
///
/// A concrete type on purpose: through the generic `Router`'s conformance, libmicrohttpd's
/// callback reached unspecialized code, which looked up the metadata of `RequestPipeline`,
/// `ReadyOperation` and the others on every request and copied them through value
/// witnesses. Called from here, the whole request path is compiled for `RequestContext`.
struct KitchenRouter: HTTPHandler {
    let router: Router<RequestContext>

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        router.handle(request)
    }
}
