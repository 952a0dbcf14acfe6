import GraphQL
import HTTPServer
import Storage

/// Kitchen's HTTP surface: `/graphql`, `/healthz`, `/schema.graphql` and `/media/<hash>`,
/// with one log line per request.
struct Router<Context>: HTTPHandler {
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

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        let statementsBefore = ThreadStatementCount.current
        var (response, operationName) = route(request)
        if reportsStatementCounts {
            response.headers.add(
                name: "X-Kitchen-SQL-Statements",
                value: String(ThreadStatementCount.current - statementsBefore))
        }
        log.request(
            method: request.method, path: request.path, operationName: operationName,
            status: response.status, duration: ContinuousClock.now - started)
        return response
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, String?) {
        if let media, request.path.hasPrefix(MediaRepository.urlPrefix) {
            return (media.handle(request), nil)
        }
        switch request.path {
        case "/graphql":
            return graphQL.handle(request)
        case "/healthz":
            guard request.method == "GET" || request.method == "HEAD" else {
                return (GraphQLEndpoint<Context>.methodNotAllowed(allow: "GET, HEAD"), nil)
            }
            return isHealthy()
                ? (HTTPResponse(status: 200, text: "ok"), nil)
                : (HTTPResponse(status: 503, text: "the database does not answer"), nil)
        case "/schema.graphql":
            guard request.method == "GET" || request.method == "HEAD" else {
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
