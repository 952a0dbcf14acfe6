import GraphQL

/// What a client asks of `/graphql`, before anything is parsed: the GraphQL-over-HTTP
/// request parameters.
struct GraphQLRequest: Sendable {
    /// The document text; nil with a persisted query or trusted document that names it by hash.
    var query: String?
    var operationName: String?
    var variables: ObjectValue
    var extensions: ObjectValue
    /// A persisted document's id (`sha256:<hex>`), per the draft's persisted-documents appendix.
    var documentId: String? = nil

    /// Why a request could not even be read: answered 400 whatever the media type.
    struct Malformed: Error, Sendable {
        let message: String
    }

    /// The parameters of a POST body that has been read as JSON.
    init(json: Value) throws(Malformed) {
        guard case .object(let body) = json else {
            throw Malformed(message: "The request body must be a JSON object.")
        }
        query = try Self.optionalString(body["query"], name: "query")
        operationName = try Self.optionalString(body["operationName"], name: "operationName")
        variables = try Self.optionalObject(body["variables"], name: "variables")
        extensions = try Self.optionalObject(body["extensions"], name: "extensions")
        documentId = try Self.optionalString(body["documentId"], name: "documentId")
    }

    /// The parameters of a GET query string: `variables` and `extensions` are JSON text.
    /// Empty parameters count as absent.
    init(queryParameters: [String: String], readJSON: (String) throws -> Value) throws(Malformed) {
        func parameter(_ name: String) -> String? {
            guard let value = queryParameters[name], !value.isEmpty else { return nil }
            return value
        }
        query = parameter("query")
        operationName = parameter("operationName")
        variables = try Self.jsonObject(parameter("variables"), name: "variables", readJSON: readJSON)
        extensions = try Self.jsonObject(parameter("extensions"), name: "extensions", readJSON: readJSON)
        documentId = parameter("documentId")
    }

    private static func optionalString(_ value: Value?, name: String) throws(Malformed) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw Malformed(message: "The \"\(name)\" parameter must be a string.")
        }
    }

    private static func optionalObject(_ value: Value?, name: String) throws(Malformed) -> ObjectValue {
        switch value {
        case nil, .null?: return ObjectValue()
        case .object(let object)?: return object
        default: throw Malformed(message: "The \"\(name)\" parameter must be an object.")
        }
    }

    private static func jsonObject(
        _ text: String?, name: String, readJSON: (String) throws -> Value
    ) throws(Malformed) -> ObjectValue {
        guard let text else { return ObjectValue() }
        let value: Value
        do {
            value = try readJSON(text)
        } catch {
            throw Malformed(message: "The \"\(name)\" parameter must be JSON.")
        }
        return try optionalObject(value, name: name)
    }
}
