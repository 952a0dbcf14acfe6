import GraphQL

/// Every bound a request must stay within, on by default; each has a `kitchen serve` flag.
///
/// They are checked before anything executes: the document's size before parsing, its
/// tokens and nesting while parsing, and depth, aliases, directives and cost after
/// validation (once per distinct document, since prepared documents are cached).
struct RequestLimits: Sendable, Hashable {
    /// The longest query text, in UTF-8 bytes.
    var maxDocumentBytes = 100_000
    /// The parser's bounds: tokens, and nesting of selections, values and types.
    var parser = ParserLimits(maxTokens: 5_000, maxDepth: 100)
    /// Depth, aliases, directives per location and cost.
    var operation = OperationLimits.default
    /// The most values (scalars, list items and object fields, counted deeply) in `variables`.
    var maxVariableValues = 10_000
    /// Whether error messages may suggest names ("Did you mean …?"), which reveals the schema.
    var suggestions = true
    /// Whether `__schema` and `__type` may be queried.
    var introspection = true
    /// The most operations one batched request (a JSON array) may hold; 0, the default,
    /// turns batching off.
    var maxBatch = 0

    static let `default` = RequestLimits()

    /// `BAD_REQUEST` when a query text is too long to even parse.
    func checkDocumentSize(_ text: String) -> GraphQLError? {
        let bytes = text.utf8.count
        guard bytes > maxDocumentBytes else { return nil }
        return GraphQLError(
            "The document is \(bytes) bytes long; the limit is \(maxDocumentBytes).", code: .badRequest)
    }

    /// `BAD_REQUEST` when the variables hold too many values.
    func checkVariables(_ variables: ObjectValue) -> GraphQLError? {
        var remaining = maxVariableValues
        guard Self.count(.object(variables), within: &remaining) else {
            return GraphQLError(
                "The variables hold more than \(maxVariableValues) values.", code: .badRequest)
        }
        return nil
    }

    /// Counts values down from `budget`; false once it runs out (without walking the rest).
    private static func count(_ value: Value, within budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch value {
        case .list(let items):
            return items.allSatisfy { count($0, within: &budget) }
        case .object(let object):
            return object.values.allSatisfy { count($0, within: &budget) }
        default:
            return true
        }
    }
}
