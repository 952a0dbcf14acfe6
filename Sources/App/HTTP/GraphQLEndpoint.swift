import GraphQL
import HTTPServer

/// `/graphql` over HTTP: the transports that decode a request's wire format and encode
/// its answer, around the one `RequestPipeline` that decides everything in between.
///
/// POST with `application/json` (one operation, or — with `--max-batch` — a JSON array of
/// them), GET with the parameters in the query string, a multipart upload, and the
/// streaming transports chosen by `Accept`: server-sent events (`text/event-stream`) and
/// Apollo's multipart subscriptions (`multipart/mixed;subscriptionSpec=1.0`). The JSON
/// response type follows `Accept`. Request errors have no `data` and answer 400 under
/// `application/graphql-response+json`, 200 under `application/json`; malformed requests
/// answer 400 under either.
struct GraphQLEndpoint<Context: Sendable>: Sendable {
    /// Every policy and the execution.
    var pipeline: RequestPipeline<Context>
    /// Decodes and stages file uploads (multipart requests); nil refuses them as an
    /// unsupported media type.
    var uploads: UploadSupport<Context>? = nil

    init(pipeline: RequestPipeline<Context>, uploads: UploadSupport<Context>? = nil) {
        self.pipeline = pipeline
        self.uploads = uploads
        if let uploads { self.pipeline.attachUploads = uploads.attach }
    }

    /// An endpoint over a new pipeline for `service` and `makeContext`.
    init(
        service: GraphQLService<Context>, makeContext: @escaping @Sendable (Caller) throws(GraphQLError) -> Context,
        uploads: UploadSupport<Context>? = nil, subscriptions: SubscriptionSupport<Context>? = nil
    ) {
        var pipeline = RequestPipeline(service: service, makeContext: makeContext)
        pipeline.subscriptions = subscriptions
        self.init(pipeline: pipeline, uploads: uploads)
    }

    func handle(_ request: HTTPRequest) -> (HTTPResponse, operationName: String?) {
        guard request.method == "GET" || request.method == "POST" else {
            return (Self.methodNotAllowed(allow: "GET, POST"), nil)
        }
        let accept = request.headers["Accept"]
        if EventStream.isRequested(accept: accept) {
            return StreamingEndpoint(endpoint: self, format: EventStream.format, reply: Reply(mediaType: .graphQLResponse))
                .handle(request)
        }
        if MultipartSubscription.isRequested(accept: accept) {
            let mediaType = GraphQLMediaType.negotiate(accept: accept) ?? .graphQLResponse
            return StreamingEndpoint(endpoint: self, format: MultipartSubscription.format, reply: Reply(mediaType: mediaType))
                .handle(request)
        }
        guard let mediaType = GraphQLMediaType.negotiate(accept: accept) else {
            return (
                HTTPResponse(
                    status: 406,
                    text: "Kitchen answers with application/graphql-response+json or application/json."),
                nil
            )
        }
        let reply = Reply(mediaType: mediaType)
        let cached = pipeline.cachedAnswer(for: request, mediaType: mediaType)
        if let answer = cached.answer { return (answer.response, answer.operationName) }
        if let upload = multipartUpload(for: request) {
            return handleUpload(request, support: upload.support, boundary: upload.boundary, reply: reply)
        }
        let parameters: GraphQLRequest
        switch decodeParameters(request) {
        case .success(.operation(let decoded)): parameters = decoded
        case .success(.batch(let operations)): return (handleBatch(operations, request: request, reply: reply), nil)
        case .failure(let failure): return (failure.response(mediaType: mediaType), nil)
        }
        let transport: Transport = request.method == "GET" ? .get : .post
        switch pipeline.prepare(IncomingRequest(parameters: parameters, transport: transport, caller: Caller(request))) {
        case .failure(let refusal): return (reply.refusal(refusal), parameters.operationName)
        case .success(let operation):
            return (pipeline.respond(operation, reply: reply, bytes: cached.bytes), operation.loggedOperationName)
        }
    }

    /// A multipart upload: admitted, decoded (its files staged), judged, run, and its files
    /// settled once the answer is made.
    private func handleUpload(
        _ request: HTTPRequest, support: UploadSupport<Context>, boundary: String, reply: Reply
    ) -> (HTTPResponse, operationName: String?) {
        let caller = Caller(request)
        if let refusal = pipeline.admit(.multipartUpload, caller: caller) { return (reply.refusal(refusal), nil) }
        let parameters: GraphQLRequest
        let uploads: RequestUploads
        switch support.decode(request, boundary: boundary, reply: reply) {
        case .success(let decoded): (parameters, uploads) = decoded
        case .failure(let refusal): return (refusal.response, nil)
        }
        defer { uploads.settle(folder: support.folder, media: support.media) }
        let incoming = IncomingRequest(parameters: parameters, transport: .multipartUpload, caller: caller, uploads: uploads)
        switch pipeline.prepare(incoming) {
        case .failure(let refusal): return (reply.refusal(refusal), parameters.operationName)
        case .success(let operation): return (pipeline.respond(operation, reply: reply), operation.loggedOperationName)
        }
    }

    /// The upload support and boundary when `request` is a multipart POST Kitchen accepts.
    private func multipartUpload(for request: HTTPRequest) -> (support: UploadSupport<Context>, boundary: String)? {
        guard request.method == "POST", let uploads,
            let boundary = request.headers["Content-Type"].flatMap(MultipartBody.boundary(contentType:))
        else { return nil }
        return (uploads, boundary)
    }

    /// What a request's parameters decode to: one operation, or a batch's operations (a
    /// POST whose body is a JSON array), not yet read.
    enum Decoded {
        case operation(GraphQLRequest)
        case batch([Value])
    }

    /// The request's parameters, from the query string (GET) or the JSON body (POST).
    func decodeParameters(_ request: HTTPRequest) -> Result<Decoded, DecodeFailure> {
        do {
            if request.method == "GET" { return .success(.operation(try Self.getParameters(request))) }
            switch decode(request) {
            case .success(.list(let operations)): return .success(.batch(operations))
            case .success(let body): return .success(.operation(try GraphQLRequest(json: body)))
            case .failure(let failure): return .failure(failure)
            }
        } catch {
            return .failure(.malformed(error.message))
        }
    }

    /// A POST's body read as JSON: any value (an object, or a batch's array).
    private func decode(_ request: HTTPRequest) -> Result<Value, DecodeFailure> {
        guard let header = request.headers["Content-Type"] else { return .failure(.unsupportedMediaType) }
        // The two spellings nearly every client sends are known good without parsing.
        if header != "application/json" && header != "application/json; charset=utf-8" {
            guard let contentType = MediaRange(header[...]), contentType.type == "application",
                contentType.subtype == "json", (contentType.parameters["charset"] ?? "utf-8") == "utf-8"
            else {
                return .failure(.unsupportedMediaType)
            }
        }
        do {
            return .success(try JSONReader.parse(request.body))
        } catch {
            return .failure(.malformed("The request body is not valid JSON: \(error.message)"))
        }
    }

    /// The parameters of a GET's query string (the first of each name counts).
    private static func getParameters(_ request: HTTPRequest) throws(GraphQLRequest.Malformed) -> GraphQLRequest {
        var parameters: [String: String] = [:]
        for (name, value) in request.queryParameters where parameters[name] == nil {
            parameters[name] = value
        }
        return try GraphQLRequest(queryParameters: parameters) { text in try JSONReader.parse(text) }
    }

    static func methodNotAllowed(allow: String) -> HTTPResponse {
        var response = HTTPResponse(
            status: 405, text: "Method not allowed here; use \(allow).")
        response.headers.replaceOrAdd(name: "Allow", value: allow)
        return response
    }
}

/// Why a request could not be decoded.
enum DecodeFailure: Error {
    case malformed(String)
    case unsupportedMediaType

    func response(mediaType: GraphQLMediaType) -> HTTPResponse {
        switch self {
        case .malformed(let message): Reply(mediaType: mediaType).malformed(message)
        case .unsupportedMediaType:
            HTTPResponse(
                status: 415,
                text: "Send GraphQL requests as application/json (UTF-8), or as GET for queries.")
        }
    }
}
