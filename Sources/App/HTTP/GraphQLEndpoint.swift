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

    func handle(_ request: HTTPRequest) -> (HTTPResponse, operationName: String?) {
        guard request.method == "GET" || request.method == "POST" else {
            return (Self.methodNotAllowed(allow: "GET, POST"), nil)
        }
        guard let mediaType = GraphQLMediaType.negotiate(accept: request.headers["Accept"]) else {
            return (
                HTTPResponse(
                    status: 406,
                    text: "Kitchen answers with application/graphql-response+json or application/json."),
                nil
            )
        }
        let parameters: GraphQLRequest
        switch decode(request) {
        case .success(let decoded): parameters = decoded
        case .failure(let failure): return (failure.response(mediaType: mediaType), nil)
        }
        let reply = Reply(mediaType: mediaType)
        guard let query = parameters.query else {
            return (
                reply.malformed("The \"query\" parameter is missing."), parameters.operationName
            )
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
        if request.method == "GET",
            prepared.operationType(named: parameters.operationName) == .mutation
        {
            return (Self.methodNotAllowed(allow: "POST"), parameters.operationName)
        }
        let context: Context
        do {
            context = try makeContext(request)
        } catch {
            return (reply.requestErrors([error]), parameters.operationName)
        }
        let result = service.execute(
            prepared, operationName: parameters.operationName, variables: parameters.variables,
            context: context)
        return (reply.result(result), parameters.operationName)
    }

    /// The request's parameters, from the query string (GET) or the JSON body (POST).
    private func decode(_ request: HTTPRequest) -> Result<GraphQLRequest, DecodeFailure> {
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
        guard let contentType = request.headers["Content-Type"].flatMap({ MediaRange($0[...]) })
        else {
            return .failure(.unsupportedMediaType)
        }
        guard contentType.type == "application", contentType.subtype == "json",
            (contentType.parameters["charset"] ?? "utf-8") == "utf-8"
        else {
            return .failure(.unsupportedMediaType)
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
private enum DecodeFailure: Error {
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
