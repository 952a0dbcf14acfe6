import GraphQL
import HTTPServer
import Storage

/// What `/graphql` needs to accept file uploads: the limits, where files go, and how a
/// request's files reach its context.
struct UploadSupport<Context>: Sendable {
    let limits: UploadLimits
    let folder: MediaFolder
    let media: any MediaStore
    /// Gives a request's context its uploads.
    let attach: @Sendable (Context, RequestUploads) -> Context

    /// The header fields that show a request was not made by a plain HTML form, which may
    /// post `multipart/form-data` across sites without a CORS preflight.
    static var preflightHeaders: [String] {
        ["Apollo-Require-Preflight", "X-Apollo-Operation-Name", "X-Kitchen-CSRF"]
    }

    /// Decodes a multipart request and stages its files, or says how to answer instead.
    func decode(
        _ request: HTTPRequest, boundary: String, reply: Reply
    ) -> Result<(GraphQLRequest, RequestUploads), Refusal> {
        let hasPreflightHeader = Self.preflightHeaders.contains {
            !(request.headers[$0] ?? "").trimmed.isEmpty
        }
        guard hasPreflightHeader else {
            return .failure(
                Refusal(
                    response: reply.malformed(
                        "This multipart request was refused as a possible cross-site request forgery: "
                            + "send a non-empty Apollo-Require-Preflight, X-Apollo-Operation-Name "
                            + "or X-Kitchen-CSRF header with it.")))
        }
        let decoded: MultipartRequest
        do {
            decoded = try MultipartRequest(body: request.body, boundary: boundary, limits: limits)
        } catch {
            switch error {
            case .malformed(let message): return .failure(Refusal(response: reply.malformed(message)))
            case .tooLarge(let message): return .failure(Refusal(response: HTTPResponse(status: 413, text: message)))
            case .notAPicture(let message):
                return .failure(
                    Refusal(response: reply.requestErrors([GraphQLError(message, code: .badUserInput)])))
            }
        }
        let uploads = RequestUploads(files: decoded.files)
        do {
            try uploads.stage(in: folder)
        } catch {
            uploads.settle(folder: folder, media: media)
            return .failure(Refusal(response: HTTPResponse(status: 500, text: "The upload could not be stored.")))
        }
        return .success((decoded.request, uploads))
    }

    /// A response that ends a request before execution.
    struct Refusal: Error {
        let response: HTTPResponse
    }
}
