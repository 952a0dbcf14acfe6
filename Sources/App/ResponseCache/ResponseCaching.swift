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
    /// Compresses each kept answer once, kept beside it, when set (see `ResponseShaping`).
    var compression: ResponseCompression? = nil

    /// Starts a request: clears the thread's clock mark (so that a token check that asks
    /// the time counts too), and answers a POST repeated byte for byte while no write has
    /// committed since. Returns the answer, if any, and the key of the request's bytes
    /// (nil for GET and multipart uploads, which are never answered by bytes).
    ///
    /// Such an answer exists only because the same bytes, with the same headers, were
    /// decoded, checked, authenticated and executed before under this data generation, and
    /// everything those steps depend on is in the key or in the generation (a token's user
    /// changes only by a write). The generation is read only when an answer is there.
    func begin(_ request: HTTPRequest, mediaType: GraphQLMediaType)
        -> (answer: ResponseCache.Entry?, bytes: ResponseCache.RequestBytesKey?)
    {
        ThreadClockReads.reset()
        guard request.method == "POST" else { return (nil, nil) }
        let contentType = request.headers["Content-Type"]
        if let contentType, HTTPHeaders.isMultipartFormData(contentType) { return (nil, nil) }
        let key = ResponseCache.RequestBytesKey(
            body: request.body, contentType: contentType, authorization: request.headers["Authorization"],
            mediaType: mediaType)
        guard let stored = cache.entry(for: key), stored.generation == generation() else { return (nil, key) }
        metrics?.recordResponseCache(hit: true)
        return (stored.entry, key)
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
        var response = reply.result(result)
        // `begin` cleared the clock mark when the request arrived.
        if result.errors.isEmpty, result.hasData, !ThreadClockReads.wasRead, generation() == before {
            response = compression?.precompressed(response) ?? response
            cache.store(
                response, for: key, bytes: bytes, operationName: loggedOperationName, generation: before)
        }
        return response
    }
}
