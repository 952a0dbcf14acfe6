import GraphQL
import HTTPServer

/// Why the pipeline will not run a request: the GraphQL errors to show, the kind of
/// refusal (which decides the HTTP status), and any header fields that go with it.
///
/// Every transport gets the same refusal for the same request; it only encodes it: HTTP
/// as a JSON body with `status(for:)` and `headers` (`Reply.refusal`), a WebSocket as an
/// `error` message (or a close code for `kind == .tooManyStreams`).
struct Refusal: Error, Sendable {
    /// What kind of refusal this is.
    enum Kind: Sendable, Equatable {
        /// A request error (GraphQL over HTTP): 400 under `application/graphql-response+json`,
        /// 200 under `application/json`.
        case requestError
        /// Not a well-formed GraphQL request at all: 400 under either media type.
        case malformed
        /// A mutation over a transport that must be safe (GET): 405 with `Allow: POST`.
        case methodNotAllowed
        /// Too many streams open for this user, or in all: 429 with `Retry-After`
        /// (`RATE_LIMITED`).
        case tooManyStreams
        /// The database does not answer: 503 with `Retry-After` under either media type
        /// (`UNAVAILABLE`, see `DatabaseOutage`).
        case unavailable
    }

    /// The errors, as the `errors` of a response without `data`.
    var errors: [GraphQLError]
    var kind: Kind
    /// Header fields to send with an HTTP refusal (`Allow`, `Retry-After`).
    var headers = HTTPHeaders()

    init(_ errors: [GraphQLError], kind: Kind = .requestError, headers: HTTPHeaders = HTTPHeaders()) {
        self.errors = errors
        self.kind = kind
        self.headers = headers
    }

    /// A malformed request with this message (`BAD_REQUEST`).
    static func malformed(_ message: String) -> Refusal {
        Refusal([GraphQLError(message, code: .badRequest)], kind: .malformed)
    }

    /// The HTTP status under `mediaType`.
    func status(for mediaType: GraphQLMediaType) -> Int {
        switch kind {
        case .requestError: mediaType == .graphQLResponse ? 400 : 200
        case .malformed: 400
        case .methodNotAllowed: 405
        case .tooManyStreams: 429
        case .unavailable: 503
        }
    }
}

extension Reply {
    /// A refusal as an HTTP response: its errors as the body, its status and header fields.
    func refusal(_ refusal: Refusal) -> HTTPResponse {
        var response = HTTPResponse(
            status: refusal.status(for: mediaType), json: ExecutionResult(errors: refusal.errors).jsonBytes(),
            contentType: mediaType.contentType)
        for field in refusal.headers { response.headers.replaceOrAdd(name: field.name, value: field.value) }
        return response
    }
}
