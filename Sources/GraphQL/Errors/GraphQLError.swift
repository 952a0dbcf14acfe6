/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// The one error type clients see: message, locations, path and extensions, as section 7.1.2
/// of the specification lays out. Internal failures are other types, logged and then shown
/// to clients as a masked `INTERNAL` error.
public struct GraphQLError: Error, Sendable, Hashable {
    public var message: String
    public var locations: [SourceLocation]
    public var path: [PathComponent]
    /// `extensions`, in order; `code` comes first when present.
    public var extensions: ObjectValue

    public init(
        _ message: String, locations: [SourceLocation] = [], path: [PathComponent] = [],
        code: ErrorCode? = nil, extensions: ObjectValue = ObjectValue()
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        var all = ObjectValue()
        if let code { all["code"] = .string(code.rawValue) }
        for (key, value) in extensions.entries { all[key] = value }
        self.extensions = all
    }

    /// An error located at byte offsets of a source, converted to lines and columns.
    public init(
        _ message: String, source: Source, at offsets: [Int], path: [PathComponent] = [],
        code: ErrorCode? = nil
    ) {
        self.init(
            message, locations: offsets.map { source.lineColumn(at: $0) }, path: path,
            code: code)
    }

    /// `extensions.code`, when set.
    public var code: String? {
        if case .string(let code)? = extensions["code"] { return code }
        return nil
    }
}

/// The documented, fixed set of `extensions.code` values.
public struct ErrorCode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let parseFailed = ErrorCode(rawValue: "GRAPHQL_PARSE_FAILED")
    public static let validationFailed = ErrorCode(rawValue: "GRAPHQL_VALIDATION_FAILED")
    public static let badRequest = ErrorCode(rawValue: "BAD_REQUEST")
    public static let badUserInput = ErrorCode(rawValue: "BAD_USER_INPUT")
    public static let unauthenticated = ErrorCode(rawValue: "UNAUTHENTICATED")
    public static let forbidden = ErrorCode(rawValue: "FORBIDDEN")
    public static let notFound = ErrorCode(rawValue: "NOT_FOUND")
    public static let conflict = ErrorCode(rawValue: "CONFLICT")
    public static let insufficientStock = ErrorCode(rawValue: "INSUFFICIENT_STOCK")
    public static let operationNotFound = ErrorCode(rawValue: "OPERATION_RESOLUTION_FAILURE")
    public static let persistedQueryNotFound = ErrorCode(rawValue: "PERSISTED_QUERY_NOT_FOUND")
    public static let internalError = ErrorCode(rawValue: "INTERNAL")
}
