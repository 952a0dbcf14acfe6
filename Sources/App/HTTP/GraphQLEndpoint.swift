import GraphQL
import HTTPServer

/// `/graphql`: GraphQL over HTTP, as the GraphQL-over-HTTP draft specifies it.
///
/// POST with `application/json`, or GET with the parameters in the query string (queries
/// only: a mutation over GET is 405, because GET must be safe). The response type follows
/// `Accept`. Request errors (syntax, validation, operation selection, variables) have no
/// `data` and answer 400 under `application/graphql-response+json`, 200 under
/// `application/json`; malformed requests answer 400 under either.
struct GraphQLEndpoint<Context>: Sendable {
    let service: GraphQLService<Context>
    /// Builds the per-request context (the viewer, a database lease, …).
    let makeContext: @Sendable (HTTPRequest) throws(GraphQLError) -> Context
    /// File uploads (multipart requests); nil refuses them as an unsupported media type.
    var uploads: UploadSupport<Context>? = nil
    /// Subscriptions over server-sent events; nil answers `text/event-stream` with 406.
    var subscriptions: SubscriptionSupport<Context>? = nil
    /// Automatic persisted queries and trusted documents.
    var persistedQueries = PersistedQueries()
    /// Whole query responses kept while the data is unchanged; nil executes every request.
    var responseCaching: ResponseCaching<Context>? = nil
    /// Runs an operation's execution; the server runs it inside one shared database
    /// snapshot (renewed after each write), so the fields of a query see the same data.
    var runOperation: @Sendable (() -> ExecutionResult) -> ExecutionResult = { $0() }
    /// Holds a mutation's answer until its writes are on disk; nil answers at once.
    var writeDurability: WriteDurability? = nil

    func handle(_ request: HTTPRequest) -> (HTTPResponse, operationName: String?) {
        guard request.method == "GET" || request.method == "POST" else {
            return (Self.methodNotAllowed(allow: "GET, POST"), nil)
        }
        if let subscriptions, EventStream.isRequested(accept: request.headers["Accept"]) {
            return subscriptions.handle(request, endpoint: self)
        }
        guard let mediaType = GraphQLMediaType.negotiate(accept: request.headers["Accept"]) else {
            return (
                HTTPResponse(
                    status: 406,
                    text: "Kitchen answers with application/graphql-response+json or application/json."),
                nil
            )
        }
        let reply = Reply(mediaType: mediaType)
        let cached = responseCaching?.begin(request, mediaType: mediaType)
        if let answer = cached?.answer { return (answer.response, answer.operationName) }
        let parameters: GraphQLRequest
        var uploads = RequestUploads.none
        if let uploadSupport = multipartUpload(for: request) {
            switch uploadSupport.support.decode(request, boundary: uploadSupport.boundary, reply: reply) {
            case .success(let decoded): (parameters, uploads) = decoded
            case .failure(let refusal): return (refusal.response, nil)
            }
        } else {
            switch decode(request) {
            case .success(let decoded): parameters = decoded
            case .failure(let failure): return (failure.response(mediaType: mediaType), nil)
            }
        }
        defer {
            if let support = self.uploads, !uploads.isEmpty {
                uploads.settle(folder: support.folder, media: support.media)
            }
        }
        let query: String
        switch persistedQueries.resolve(parameters) {
        case .text(let text): query = text
        case .refused(let error): return (reply.requestErrors([error]), parameters.operationName)
        case .malformed(let message): return (reply.malformed(message), parameters.operationName)
        }
        if let tooMany = service.limits.checkVariables(parameters.variables) {
            return (reply.requestErrors([tooMany]), parameters.operationName)
        }
        if let nul = NulCharacters.check(query: query, variables: parameters.variables) {
            return (reply.requestErrors([nul]), parameters.operationName)
        }
        let prepared: PreparedDocument
        switch service.prepare(query) {
        case .ready(let document): prepared = document
        case .rejected(let errors): return (reply.requestErrors(errors), parameters.operationName)
        }
        let operationType = prepared.operationType(named: parameters.operationName)
        if subscriptions != nil, operationType == .subscription {
            return (
                reply.requestErrors([
                    GraphQLError(
                        "Subscriptions are served as server-sent events: send the request with "
                            + "Accept: text/event-stream.", code: .badRequest)
                ]), parameters.operationName
            )
        }
        if request.method == "GET", operationType == .mutation {
            return (Self.methodNotAllowed(allow: "POST"), parameters.operationName)
        }
        var context: Context
        do {
            context = try makeContext(request)
        } catch {
            return (reply.requestErrors([error]), parameters.operationName)
        }
        if let support = self.uploads, !uploads.isEmpty { context = support.attach(context, uploads) }
        let operationName = parameters.operationName ?? prepared.soleOperationName
        let isQuery = operationType == .query
        let execute = {
            runOperation {
                service.execute(
                    prepared, operationName: parameters.operationName, variables: parameters.variables,
                    context: context)
            }
        }
        if let responseCaching, uploads.isEmpty, isQuery {
            let response = responseCaching.respond(
                query: query, operationName: parameters.operationName, variables: parameters.variables,
                context: context, reply: reply, bytes: cached?.bytes, loggedOperationName: operationName,
                execute: execute)
            return (response, operationName)
        }
        if !isQuery, let writeDurability {
            return (writeDurability.answer(reply: reply) { reply.result(execute()) }, operationName)
        }
        return (reply.result(execute()), operationName)
    }

    /// The upload support and boundary when `request` is a multipart POST Kitchen accepts.
    private func multipartUpload(for request: HTTPRequest) -> (support: UploadSupport<Context>, boundary: String)? {
        guard request.method == "POST", let uploads,
            let boundary = request.headers["Content-Type"].flatMap(MultipartBody.boundary(contentType:))
        else { return nil }
        return (uploads, boundary)
    }

    /// The request's parameters, from the query string (GET) or the JSON body (POST).
    func decode(_ request: HTTPRequest) -> Result<GraphQLRequest, DecodeFailure> {
        if request.method == "GET" {
            var parameters: [String: String] = [:]
            for (name, value) in request.queryParameters where parameters[name] == nil {
                parameters[name] = value
            }
            do {
                return .success(
                    try GraphQLRequest(queryParameters: parameters) { text in
                        try JSONReader.parse(text)
                    })
            } catch {
                return .failure(.malformed(error.message))
            }
        }
        guard let header = request.headers["Content-Type"] else { return .failure(.unsupportedMediaType) }
        // The two spellings nearly every client sends are known good without parsing.
        if header != "application/json" && header != "application/json; charset=utf-8" {
            guard let contentType = MediaRange(header[...]), contentType.type == "application",
                contentType.subtype == "json", (contentType.parameters["charset"] ?? "utf-8") == "utf-8"
            else {
                return .failure(.unsupportedMediaType)
            }
        }
        let body: Value
        do {
            body = try JSONReader.parse(request.body)
        } catch {
            return .failure(.malformed("The request body is not valid JSON: \(error.message)"))
        }
        do {
            return .success(try GraphQLRequest(json: body))
        } catch {
            return .failure(.malformed(error.message))
        }
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
