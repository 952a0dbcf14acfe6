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
        // A query's answer is made on this thread: its closures do not escape, so they
        // capture the pipeline and the operation in place. Escaping ones copied both (a
        // retain of each of their fields) on every request.
        func encoded(_ result: ExecutionResult) -> HTTPResponse { answer(result, reply: reply, encode: encode) }
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
        whenDeliverable(executed) { [self] result, durable in
            pending.complete(durable ? answer(result, reply: reply, encode: encode) : reply.notDurable())
        }
        return HTTPResponse(pending: pending)
    }

    /// A result as its HTTP response: `encode`'s, else `reply`'s, or the `unavailable`
    /// refusal when it met a database that does not answer.
    private func answer(
        _ result: ExecutionResult, reply: Reply, encode: ((ExecutionResult) -> HTTPResponse)?
    ) -> HTTPResponse {
        outage(in: result).map(reply.refusal) ?? (encode.map { $0(result) } ?? reply.result(result))
    }
}
