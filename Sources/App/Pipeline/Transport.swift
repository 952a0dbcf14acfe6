/// A way a GraphQL request reaches Kitchen, as far as the pipeline's rules care: which
/// operations it may run, whether it streams, and whether a browser could send it from
/// another site without asking first.
///
/// A transport decodes its wire format into `GraphQLRequest` parameters and hands them to
/// `RequestPipeline.prepare` together with one of these values; every decision after that
/// is the pipeline's. A new transport adds a value here (add, never rename: the values are
/// how tests and logs name the transports).
struct Transport: Sendable, Hashable, CustomStringConvertible {
    /// How messages and logs name it: "POST", "GET", "server-sent events", …
    let name: String
    /// Whether it may run mutations. GET must be safe (RFC 9110 §9.2.1), so over GET a
    /// mutation is refused with 405, as the GraphQL-over-HTTP draft says.
    let runsMutations: Bool
    /// Whether it streams: only a streaming transport may run a subscription, and it may
    /// run queries and mutations too (one result, then the end of the stream).
    let streams: Bool
    /// Whether a browser may send it across sites without a CORS preflight, as an HTML
    /// form's `multipart/form-data` POST: such a request must carry a header no form can
    /// set (`CrossSiteRequests.preflightHeaders`), or it is refused as a possible forgery.
    let isFormPost: Bool

    var description: String { name }

    /// A POST with a JSON body (also each operation of a batch).
    static let post = Transport(name: "POST", runsMutations: true, streams: false, isFormPost: false)
    /// A GET with the parameters in the query string.
    static let get = Transport(name: "GET", runsMutations: false, streams: false, isFormPost: false)
    /// A multipart POST with files (the GraphQL multipart request specification).
    static let multipartUpload = Transport(
        name: "multipart upload", runsMutations: true, streams: false, isFormPost: true)
    /// Server-sent events asked for with POST.
    static let eventStreamPOST = Transport(
        name: "server-sent events (POST)", runsMutations: true, streams: true, isFormPost: false)
    /// Server-sent events asked for with GET (an `EventSource`).
    static let eventStreamGET = Transport(
        name: "server-sent events (GET)", runsMutations: false, streams: true, isFormPost: false)
    /// Apollo's multipart HTTP subscriptions asked for with POST (what Apollo iOS sends).
    static let multipartSubscriptionPOST = Transport(
        name: "multipart subscription (POST)", runsMutations: true, streams: true, isFormPost: false)
    /// Apollo's multipart HTTP subscriptions asked for with GET.
    static let multipartSubscriptionGET = Transport(
        name: "multipart subscription (GET)", runsMutations: false, streams: true, isFormPost: false)
    /// One `subscribe` message on a `graphql-transport-ws` WebSocket: any operation, the
    /// viewer named once by the socket's `connection_init`.
    static let webSocket = Transport(name: "WebSocket", runsMutations: true, streams: true, isFormPost: false)
}
