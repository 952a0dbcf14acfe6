import GraphQL
import HTTPServer

/// The pipeline's rule against cross-site request forgery.
///
/// Kitchen names its viewer by a bearer token, which a browser never adds by itself, and
/// every request that carries one (`Authorization` is not a CORS-safelisted header) or a
/// JSON body (`application/json` is not a safelisted content type) is preflighted by the
/// browser before another site may send it. What a page of another site can still send
/// without asking is a "simple" request: a GET, or a POST of a form (`text/plain`,
/// `application/x-www-form-urlencoded`, `multipart/form-data`). Kitchen answers a form
/// POST of the first two kinds with 415 before anything runs, and a GET never runs a
/// mutation; the one simple request it accepts is `multipart/form-data`, for uploads — so
/// an upload must also carry a header that no form can set, as Apollo's upload clients do.
enum CrossSiteRequests {
    /// The header fields that show a request was not made by a plain HTML form.
    static let preflightHeaders = ["Apollo-Require-Preflight", "X-Apollo-Operation-Name", "X-Kitchen-CSRF"]

    /// The refusal for a request of `transport` from `caller` that could be a forgery, else nil.
    static func check(_ transport: Transport, caller: Caller) -> Refusal? {
        guard transport.isFormPost else { return nil }
        let hasPreflightHeader = preflightHeaders.contains { !(caller.headers[$0] ?? "").trimmed.isEmpty }
        return hasPreflightHeader ? nil : .malformed(forgeryMessage)
    }

    static let forgeryMessage =
        "This multipart request was refused as a possible cross-site request forgery: "
        + "send a non-empty Apollo-Require-Preflight, X-Apollo-Operation-Name or X-Kitchen-CSRF header with it."
}
