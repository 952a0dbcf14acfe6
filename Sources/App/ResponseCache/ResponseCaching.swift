import GraphQL
import HTTPServer
import Storage

/// How `/graphql` uses the response cache: which requests may be answered from it, and
/// which responses may go into it.
///
/// Only queries, without uploads. A response is stored only when nothing could make it
/// untrue while the data stays the same: it has no errors (a failure may be passing), its
/// resolvers never asked the time (`ThreadClockReads`), and the data generation was the
/// same before and after it ran — so no write, its own or another's, committed meanwhile.
struct ResponseCaching<Context>: Sendable {
    let cache: ResponseCache
    /// The database's data generation (`Database.checkedDataGeneration`); nil when it
    /// cannot be read, and then nothing is served from the cache or stored in it.
    let generation: @Sendable () -> UInt64?
    /// Who a context's responses are for (different viewers never share an entry), and
    /// the data generation read when its request began, before anything was looked up.
    let requestState: @Sendable (Context) -> (viewer: Int64?, generation: UInt64?)
    /// Counts hits and misses, when set.
    var metrics: ServerMetrics? = nil

    /// The key of a POSTed request's exact bytes; nil for requests never answered by bytes
    /// (GET, multipart uploads).
    func bytesKey(for request: HTTPRequest, mediaType: GraphQLMediaType) -> ResponseCache.RequestBytesKey? {
        guard request.method == "POST" else { return nil }
        let contentType = request.headers["Content-Type"]
        if let contentType, HTTPHeaders.isMultipartFormData(contentType) { return nil }
        return ResponseCache.RequestBytesKey(
            body: request.body, contentType: contentType, authorization: request.headers["Authorization"],
            mediaType: mediaType)
    }

    /// The answer stored for the very same bytes, while no write has committed since.
    ///
    /// Such an entry exists only because the same bytes, with the same headers, were
    /// decoded, checked, authenticated and executed before under this data generation, and
    /// everything those steps depend on is in the key or in the generation (a token's user
    /// changes only by a write).
    func answer(to key: ResponseCache.RequestBytesKey) -> ResponseCache.Entry? {
        guard let generation = generation(), let entry = cache.entry(for: key, generation: generation) else {
            return nil
        }
        metrics?.recordResponseCache(hit: true)
        return entry
    }

    /// The cached response for the request, or the one `execute` makes (stored when it
    /// qualifies, also under the request's exact `bytes` when given, with the operation
    /// name the log shows).
    func respond(
        query: String, operationName: String?, variables: ObjectValue, context: Context,
        reply: Reply, bytes: ResponseCache.RequestBytesKey? = nil, loggedOperationName: String? = nil,
        execute: () -> ExecutionResult
    ) -> HTTPResponse {
        let state = requestState(context)
        guard let before = state.generation else { return reply.result(execute()) }
        let key = ResponseCache.Key(
            query: query, operationName: operationName, variables: variables,
            viewer: state.viewer, mediaType: reply.mediaType)
        if let cached = cache.response(for: key, generation: before) {
            metrics?.recordResponseCache(hit: true)
            return cached
        }
        metrics?.recordResponseCache(hit: false)
        let result = execute()
        let response = reply.result(result)
        // The endpoint cleared the clock mark when the request arrived, so a token check
        // that asked the time would count too.
        if result.errors.isEmpty, result.hasData, !ThreadClockReads.wasRead, generation() == before {
            cache.store(
                response, for: key, bytes: bytes, operationName: loggedOperationName, generation: before)
        }
        return response
    }
}
