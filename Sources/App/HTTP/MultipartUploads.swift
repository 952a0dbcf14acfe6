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

    /// Decodes a multipart request and stages its files, or says how to answer instead.
    /// Whether it may be sent at all (cross-site forgery) is the pipeline's to say first
    /// (`RequestPipeline.admit`).
    func decode(
        _ request: HTTPRequest, boundary: String, reply: Reply
    ) -> Result<(GraphQLRequest, RequestUploads), Failure> {
        let decoded: MultipartRequest
        do {
            decoded = try MultipartRequest(body: request.body, boundary: boundary, limits: limits)
        } catch {
            switch error {
            case .malformed(let message): return .failure(Failure(response: reply.malformed(message)))
            case .tooLarge(let message): return .failure(Failure(response: HTTPResponse(status: 413, text: message)))
            case .notAPicture(let message):
                return .failure(
                    Failure(response: reply.requestErrors([GraphQLError(message, code: .badUserInput)])))
            }
        }
        let uploads = RequestUploads(files: decoded.files)
        do {
            try uploads.stage(in: folder)
        } catch {
            uploads.settle(folder: folder, media: media)
            return .failure(Failure(response: HTTPResponse(status: 500, text: "The upload could not be stored.")))
        }
        return .success((decoded.request, uploads))
    }

    /// A response that ends a request before execution.
    struct Failure: Error {
        let response: HTTPResponse
    }
}
