import GraphQL
import HTTPServer

extension RequestPipeline {
    /// The answer to a POST repeated byte for byte while nothing it read has changed
    /// (`ResponseCaching.begin`), looked up before the body is even decoded; and the key
    /// of the request's bytes, to pass to `respond` so that its answer is kept under it.
    func cachedAnswer(for request: HTTPRequest, mediaType: GraphQLMediaType)
        -> (answer: ResponseCache.Entry?, bytes: ResponseCache.RequestBytesKey?)
    {
        guard let responseCaching else { return (nil, nil) }
        return responseCaching.begin(request, mediaType: mediaType)
    }

    /// Answers a ready query or mutation as one HTTP response: `encode` writes a result
    /// (`reply.result` when nil, and then a query may come from, and go into, the response
    /// cache); a mutation's response is held until its writes are on disk. A result that
    /// met a database that does not answer is the `unavailable` refusal instead.
    func respond(
        _ operation: ReadyOperation<Context>, reply: Reply, bytes: ResponseCache.RequestBytesKey? = nil,
        encode: (@Sendable (ExecutionResult) -> HTTPResponse)? = nil
    ) -> HTTPResponse {
        let written: @Sendable (ExecutionResult) -> HTTPResponse = encode ?? { reply.result($0) }
        let encoded: @Sendable (ExecutionResult) -> HTTPResponse = { [self] result in
            outage(in: result).map(reply.refusal) ?? written(result)
        }
        if encode == nil, let responseCaching, operation.operationType == .query, !operation.hasUploads {
            return responseCaching.respond(
                query: operation.query, operationName: operation.parameters.operationName,
                variables: operation.parameters.variables, context: operation.context, reply: reply,
                bytes: bytes, loggedOperationName: operation.loggedOperationName, encode: encoded
            ) { execute(operation).result }
        }
        let executed = execute(operation)
        guard executed.durableAfter != nil else { return encoded(executed.result) }
        let pending = PendingResponse()
        whenDeliverable(executed) { result, durable in
            pending.complete(durable ? encoded(result) : reply.notDurable())
        }
        return HTTPResponse(pending: pending)
    }
}
