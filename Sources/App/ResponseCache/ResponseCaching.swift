import GraphQL
import HTTPServer
import Storage

/// How `/graphql` uses the response cache: which requests may be answered from it, and
/// which responses may go into it, with what they read.
///
/// Only queries, without uploads. A response is stored only when nothing could make it
/// untrue while what it read stays the same: it has no errors (a failure may be passing),
/// its resolvers never asked the time (`ThreadClockReads`), and no commit since its
/// request began changed anything it read (`ResponseCache.store`). It is stored with what
/// its execution read (`Database.recordingReads`), plus the viewer's session row: a
/// request answered by its bytes skips the token check, so the answer must go when that
/// token's user signs out.
struct ResponseCaching<Context>: Sendable {
    let cache: ResponseCache
    /// The database's data generation (`Database.checkedDataGeneration`, which also
    /// notices other processes' commits and has the cache emptied for them); nil when it
    /// cannot be read, and then nothing is served from the cache or stored in it.
    let generation: @Sendable () -> UInt64?
    /// The data generation as last noticed (`Database.noticedDataGeneration`): read under
    /// the cache's lock when an answer is stored.
    let noticedGeneration: @Sendable () -> UInt64
    /// Who a context's responses are for (different viewers share an entry only when its
    /// execution never asked who the viewer is: `ThreadViewerReads`), and the data
    /// generation read when its request began, before anything was looked up.
    let requestState: @Sendable (Context) -> (viewer: Int64?, generation: UInt64?)
    /// Runs an execution and says what it read (`Database.recordingReads`).
    let recordReads: @Sendable (() -> ExecutionResult) -> (ExecutionResult, ReadSet)
    /// The catalog the store numbers tables by, for the session rows an answer depends on.
    let catalog: DataCatalog?
    /// Counts hits and misses, when set.
    var metrics: ServerMetrics? = nil
    /// Compresses each kept answer once, kept beside it, when set (see `ResponseShaping`).
    var compression: ResponseCompression? = nil

    /// The table of sessions: an answer for a request that carried a token depends on it.
    static var sessionsTable: String { "auth_tokens" }

    /// Starts a request: clears the thread's clock mark (so that a token check that asks
    /// the time counts too), and answers a POST repeated byte for byte. Returns the
    /// answer, if any, and the key of the request's bytes (nil for GET and multipart
    /// uploads, which are never answered by bytes).
    ///
    /// Such an answer exists only because the same bytes, with the same headers, were
    /// decoded, checked, authenticated and executed before, and nothing it read — the
    /// token's session row included — has changed since: every change drops the answers it
    /// affects before the writer is answered. The generation is read first, so that a
    /// commit by another process is noticed (and the cache emptied) before the lookup.
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
        guard generation() != nil, let stored = cache.entry(for: key) else { return (nil, key) }
        metrics?.recordResponseCache(hit: true)
        return (stored, key)
    }

    /// The cached response for the request, or the one `execute` makes and `encode` writes
    /// (stored when it qualifies, also under the request's exact `bytes` when given, with
    /// the operation name the log shows).
    func respond(
        query: String, operationName: String?, variables: ObjectValue, context: Context,
        reply: Reply, bytes: ResponseCache.RequestBytesKey? = nil, loggedOperationName: String? = nil,
        encode: (ExecutionResult) -> HTTPResponse, execute: () -> ExecutionResult
    ) -> HTTPResponse {
        let state = requestState(context)
        guard let before = state.generation else { return encode(execute()) }
        var key = ResponseCache.Key(
            query: query, operationName: operationName, variables: variables,
            audience: state.viewer.map { .user($0) } ?? .anonymous, mediaType: reply.mediaType)
        var anyone = key
        anyone.audience = .anyone
        if let cached = cache.response(for: key) ?? cache.response(for: anyone) {
            metrics?.recordResponseCache(hit: true)
            return cached
        }
        metrics?.recordResponseCache(hit: false)
        ThreadViewerReads.reset()
        let (result, recorded) = recordReads(execute)
        var reads = recorded
        var response = encode(result)
        // `begin` cleared the clock mark when the request arrived.
        if result.errors.isEmpty, result.hasData, !ThreadClockReads.wasRead {
            response = compression?.precompressed(response) ?? response
            if !ThreadViewerReads.wasRead { key = anyone }
            addSessionReads(to: &reads, viewer: state.viewer, carriesToken: bytes?.authorization != nil)
            cache.store(
                response, for: key, bytes: bytes, operationName: loggedOperationName, reads: reads,
                generation: before, currentGeneration: noticedGeneration)
        }
        return response
    }

    /// Adds the session rows an answer depends on: the viewer's (a sign-out deletes one),
    /// or, for a token that named nobody, which sessions exist at all.
    private func addSessionReads(to reads: inout ReadSet, viewer: Int64?, carriesToken: Bool) {
        guard viewer != nil || carriesToken else { return }
        guard let catalog, let table = catalog.table(named: Self.sessionsTable),
            let column = catalog.keyColumn("user_id", of: table)
        else {
            reads.isUnbounded = true
            return
        }
        if let viewer {
            reads.read(table, column: column, value: viewer)
        } else {
            reads.read(table, columns: .rows)
        }
    }
}
