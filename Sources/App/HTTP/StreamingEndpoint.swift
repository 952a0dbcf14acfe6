import GraphQL
import HTTPServer

/// The streaming transports over HTTP — server-sent events and Apollo's multipart
/// subscriptions — which differ only in their `StreamFormat`.
///
/// Each decodes the request like a POST or GET, hands it to the pipeline as its own
/// transport, and encodes what comes back: a refusal as an ordinary GraphQL response
/// (the stream never opens), a subscription as a stream of results until the client
/// leaves or the server ends it, and a query or mutation as a stream of its one result.
struct StreamingEndpoint<Context: Sendable> {
    let endpoint: GraphQLEndpoint<Context>
    let format: StreamFormat
    /// How refusals are written.
    let reply: Reply

    func handle(_ request: HTTPRequest) -> (HTTPResponse, operationName: String?) {
        let pipeline = endpoint.pipeline
        let parameters: GraphQLRequest
        switch endpoint.decodeParameters(request) {
        case .success(.operation(let decoded)): parameters = decoded
        case .success(.batch): return (reply.malformed(Self.noBatches), nil)
        case .failure(let failure): return (failure.response(mediaType: reply.mediaType), nil)
        }
        let incoming = IncomingRequest(
            parameters: parameters, transport: format.transport(method: request.method), caller: Caller(request))
        let operation: ReadyOperation<Context>
        switch pipeline.prepare(incoming) {
        case .success(let ready): operation = ready
        case .failure(let refusal): return (reply.refusal(refusal), parameters.operationName)
        }
        let name = operation.loggedOperationName
        guard operation.isSubscription else {
            let format = self.format
            let reply = self.reply
            let response = pipeline.respond(operation, reply: reply) { result in
                guard result.hasData else { return reply.requestErrors(result.errors) }
                return HTTPResponse(status: 200, headers: format.headers, body: format.single(result))
            }
            return (response, name)
        }
        let stream = HTTPStream()
        // Queued before the hub can send the first event.
        stream.send(format.begin + format.opening)
        if let refusal = pipeline.subscribe(operation, sink: HTTPStreamSink(stream: stream, format: format)) {
            return (reply.refusal(refusal), name)
        }
        return (HTTPResponse(status: 200, headers: format.headers, stream: stream), name)
    }

    static var noBatches: String { "A stream carries one operation; send a batch as a POST of application/json." }
}
