import GraphQL

/// The `Upload` scalar: a file of a GraphQL multipart request.
///
/// Decoding replaces each file in `variables` with a placeholder string; input coercion
/// accepts only those, and the resolver turns one into the file with
/// `RequestContext.upload(_:)`, which also refuses a placeholder that names no file of
/// this request. An Upload cannot be written in the document (a validation error, in
/// graphql-upload's words) or returned.
enum UploadScalar {
    static let coercion = ScalarCoercion(
        parseValue: { value throws(CoercionFailure) in
            guard case .string(let text) = value, text.hasPrefix(RequestUploads.placeholderPrefix) else {
                throw CoercionFailure("Upload value must be a file sent with the GraphQL multipart request.")
            }
            return value
        },
        parseLiteral: { _ throws(CoercionFailure) in
            throw CoercionFailure("Upload literal unsupported.")
        },
        serialize: { _ throws(CoercionFailure) in
            throw CoercionFailure("Upload cannot be returned.")
        })
}

extension RequestContext {
    /// The uploaded file an `Upload` argument stands for (BAD_USER_INPUT when none).
    func upload(_ value: Value) throws(GraphQLError) -> UploadedFile {
        try uploads.file(for: value)
    }

    /// The address of an optional `Upload` input field, shaped like a clearable URL field:
    /// `.some(url)` when a file is given, nil when the field is absent or null (so the
    /// URL field beside it decides).
    func uploadedURL(_ value: Value?) throws(GraphQLError) -> String?? {
        guard let value, value != .null else { return nil }
        return .some(try upload(value).url)
    }

    /// The uploaded files of an `[Upload!]` argument, in order.
    func uploads(_ value: Value?) throws(GraphQLError) -> [UploadedFile] {
        guard case .list(let items)? = value else { return [] }
        var files: [UploadedFile] = []
        for item in items { files.append(try upload(item)) }
        return files
    }
}
