import GraphQL

/// The wire format of Apollo's multipart HTTP subscriptions (`subscriptionSpec` 1.0, what
/// Apollo iOS ≥ 1.1, Apollo Kotlin and Apollo Client send): a `multipart/mixed` body whose
/// parts are one JSON object each —
///
/// - `{}`: a heartbeat, sent when the stream opens and then at each keep-alive;
/// - `{"payload": <execution result>}`: one event's result (its own `errors` inside);
/// - `{"payload": null, "errors": [...]}`: a fatal, transport-level error, after which the
///   stream ends (a revoked token);
///
/// and the close delimiter `--graphql--` at the end.
///
/// Each part is written with the delimiter that ends it (`…{json}\r\n--graphql`), so that
/// a parser that waits for the next delimiter — as RFC 2046 parsers do — has the part at
/// once rather than at the next heartbeat; the body then ends with `--` (the close
/// delimiter's tail) and nothing after it. Part headers are lower case and exactly
/// `content-type: application/json`, which Apollo iOS compares byte for byte.
enum MultipartSubscription {
    /// The boundary between parts, as Apollo's router and clients use it.
    static let boundary = "graphql"
    /// The response's `Content-Type` (unquoted parameters: every parser reads them).
    static let contentType = "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"

    /// Whether `Accept` asks for multipart subscriptions: a `multipart/mixed` range with a
    /// `subscriptionSpec` parameter, quoted or not, whatever other parameters (`boundary`,
    /// `deferSpec`) it carries.
    static func isRequested(accept: String?) -> Bool {
        guard let accept, accept.containsASCIICaseInsensitive("subscriptionspec") else { return false }
        return MediaRange.parseList(accept).contains {
            $0.type == "multipart" && $0.subtype == "mixed" && $0.quality > 0
                && $0.parameters["subscriptionspec"]?.hasPrefix("1") == true
        }
    }

    /// The first delimiter, which starts every body.
    static let begin: [UInt8] = Array("--\(boundary)".utf8)

    /// One part holding `json`, after a delimiter, with the delimiter that ends it.
    static func part(_ json: [UInt8]) -> [UInt8] {
        Array("\r\ncontent-type: application/json\r\n\r\n".utf8) + json + Array("\r\n--\(boundary)".utf8)
    }

    /// The heartbeat part.
    static let heartbeat = part(Array("{}".utf8))

    /// A part with one result as its payload.
    static func next(_ result: ExecutionResult) -> [UInt8] {
        part(Array(#"{"payload":"#.utf8) + result.jsonBytes() + Array("}".utf8))
    }

    /// A fatal error part: no payload, the errors at the top level.
    static func fatal(_ errors: [GraphQLError]) -> [UInt8] {
        let errorsJSON = ExecutionResult(errors: errors).jsonBytes()
        // `{"errors":[...]}` becomes `{"payload":null,"errors":[...]}`.
        return part(Array(#"{"payload":null,"#.utf8) + errorsJSON.dropFirst())
    }

    /// What turns the delimiter after the last part into the close delimiter.
    static let close: [UInt8] = Array("--".utf8)

    /// The format as the streaming transport writes it.
    static let format = StreamFormat(
        contentType: contentType, transportForPOST: .multipartSubscriptionPOST,
        transportForGET: .multipartSubscriptionGET, begin: begin, opening: heartbeat, next: next,
        keepAlive: heartbeat, complete: close,
        end: { reason in
            switch reason {
            case .revoked: fatal([StreamEnd.revokedError]) + close
            case .serverStopping: close
            }
        })
}
