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

    /// The cached response for the request, or the one `execute` makes (stored when it
    /// qualifies).
    func respond(
        query: String, operationName: String?, variables: ObjectValue, context: Context,
        reply: Reply, execute: () -> ExecutionResult
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
        ThreadClockReads.reset()
        let result = execute()
        let response = reply.result(result)
        if result.errors.isEmpty, result.hasData, !ThreadClockReads.wasRead, generation() == before {
            cache.store(response, for: key, generation: before)
        }
        return response
    }
}
