import GraphQL
import HTTPServer

/// Writes GraphQL responses in one negotiated media type, with the status code the
/// GraphQL-over-HTTP draft gives each kind of outcome.
struct Reply: Sendable {
    let mediaType: GraphQLMediaType

    /// An executed operation: always 200, with `data` and any field errors.
    func result(_ result: ExecutionResult) -> HTTPResponse {
        guard result.hasData else { return requestErrors(result.errors) }
        return HTTPResponse(status: 200, json: result.jsonBytes(), contentType: mediaType.contentType)
    }

    /// Errors that stopped the request before execution: no `data`; 400 under the
    /// GraphQL response type, 200 under plain JSON.
    func requestErrors(_ errors: [GraphQLError]) -> HTTPResponse {
        let status = mediaType == .graphQLResponse ? 400 : 200
        return HTTPResponse(
            status: status, json: ExecutionResult(errors: errors).jsonBytes(),
            contentType: mediaType.contentType)
    }

    /// A request that is not a GraphQL request at all: 400 under either type.
    func malformed(_ message: String) -> HTTPResponse {
        let error = GraphQLError(message, code: .badRequest)
        return HTTPResponse(
            status: 400, json: ExecutionResult(errors: [error]).jsonBytes(),
            contentType: mediaType.contentType)
    }
}
