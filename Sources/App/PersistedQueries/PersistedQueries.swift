import GraphQL
import Storage

/// Finds the document text of a request: its `query`, a document registered by hash
/// (Apollo's automatic persisted queries), or a trusted document named by `documentId`.
///
/// Automatic persisted queries: a client sends `extensions.persistedQuery.sha256Hash`
/// alone (a short GET that caches well); when the server does not know the hash it answers
/// `PERSISTED_QUERY_NOT_FOUND` and the client sends the text with the hash once, which
/// registers it. In trusted-documents mode only the documents of the trusted file run,
/// named by `documentId` (the GraphQL-over-HTTP draft's persisted-documents appendix) or by
/// the same extension; any other text is refused.
struct PersistedQueries: Sendable {
    /// Registered documents (automatic persisted queries).
    var store = PersistedQueryStore()
    /// When set, the only documents that run.
    var trusted: TrustedDocuments? = nil

    /// Where a request's document text comes from, or why there is none.
    enum Resolution {
        /// Run this text.
        case text(String)
        /// A GraphQL error before execution (e.g. `PERSISTED_QUERY_NOT_FOUND`).
        case refused(GraphQLError)
        /// Not a well-formed request: 400 under either media type.
        case malformed(String)
    }

    /// The text to run for `parameters`.
    func resolve(_ parameters: GraphQLRequest) -> Resolution {
        let persisted: String?
        switch Self.persistedHash(parameters.extensions) {
        case .success(let hash): persisted = hash
        case .failure(let failure): return .malformed(failure.message)
        }
        if let trusted { return resolveTrusted(parameters, hash: persisted, trusted: trusted) }
        if let id = parameters.documentId {
            guard let hash = TrustedDocuments.hash(fromDocumentID: id) else {
                return .malformed(Self.badDocumentID(id))
            }
            return store.text(for: hash).map(Resolution.text) ?? .refused(Self.notFound)
        }
        guard let hash = persisted else {
            guard let query = parameters.query else { return .malformed(Self.missingQuery) }
            return .text(query)
        }
        guard let query = parameters.query else {
            return store.text(for: hash).map(Resolution.text) ?? .refused(Self.notFound)
        }
        guard ContentHash.sha256(Array(query.utf8)) == hash else { return .malformed(Self.hashMismatch) }
        store.register(query, hash: hash)
        return .text(query)
    }

    private func resolveTrusted(
        _ parameters: GraphQLRequest, hash persisted: String?, trusted: TrustedDocuments
    ) -> Resolution {
        let hash: String
        if let id = parameters.documentId {
            guard let parsed = TrustedDocuments.hash(fromDocumentID: id) else { return .malformed(Self.badDocumentID(id)) }
            hash = parsed
        } else if let persisted {
            hash = persisted
        } else if let query = parameters.query {
            // The text of a trusted document may be sent as is; nothing else runs.
            hash = ContentHash.sha256(Array(query.utf8))
            guard trusted.documents[hash] != nil else { return .refused(Self.notTrusted) }
        } else {
            return .malformed(Self.missingQuery)
        }
        guard let text = trusted.documents[hash] else { return .refused(Self.notFound) }
        if let query = parameters.query, query != text { return .malformed(Self.hashMismatch) }
        return .text(text)
    }

    /// `extensions.persistedQuery.sha256Hash` when present (version 1 only).
    static func persistedHash(_ extensions: ObjectValue) -> Result<String?, PersistedQueryFailure> {
        guard let entry = extensions["persistedQuery"] else { return .success(nil) }
        guard case .object(let persisted) = entry else {
            return .failure(PersistedQueryFailure("extensions.persistedQuery must be an object."))
        }
        guard persisted["version"] == .int(1) else {
            return .failure(PersistedQueryFailure("Unsupported persisted query version; Kitchen supports version 1."))
        }
        guard case .string(let hash)? = persisted["sha256Hash"], ContentHash.isWellFormed(hash) else {
            return .failure(PersistedQueryFailure("extensions.persistedQuery.sha256Hash must be 64 lowercase hex digits."))
        }
        return .success(hash)
    }

    // MARK: Messages

    static let missingQuery = "The \"query\" parameter is missing."
    static let hashMismatch = "provided sha does not match query"
    static func badDocumentID(_ id: String) -> String {
        "The documentId '\(id.prefix(100))' is not of the form sha256:<64 lowercase hex digits>."
    }
    /// Apollo's wording and code, which Apollo clients look for to send the text.
    static var notFound: GraphQLError { GraphQLError("PersistedQueryNotFound", code: .persistedQueryNotFound) }
    static var notTrusted: GraphQLError {
        GraphQLError(
            "This server runs trusted documents only; send a documentId from its list.",
            code: ErrorCode(rawValue: "PERSISTED_QUERY_NOT_IN_LIST"))
    }
}

/// A malformed `extensions.persistedQuery`.
struct PersistedQueryFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
