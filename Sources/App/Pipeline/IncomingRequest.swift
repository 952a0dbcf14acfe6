/// What a transport hands the pipeline: the decoded request parameters, which transport
/// carried them, who sent them, and the files of a multipart upload.
struct IncomingRequest: Sendable {
    /// The GraphQL request parameters (`query`, `operationName`, `variables`,
    /// `extensions`, `documentId`), decoded from the wire and not yet judged.
    var parameters: GraphQLRequest
    /// The transport that carried them, which decides what may run.
    var transport: Transport
    /// Who sent them: the credentials and the client's address.
    var caller: Caller
    /// The files of a multipart upload, already staged (none for other transports).
    var uploads = RequestUploads.none
}
