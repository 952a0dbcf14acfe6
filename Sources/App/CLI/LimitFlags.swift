/// The request-limit flags of `kitchen serve`, each with its `KITCHEN_…` variable; the
/// README's limits table lists the same names and defaults.
enum LimitFlags {
    static let all: [FlagSpec] = {
        let defaults = RequestLimits.default
        return [
            .option("max-depth", valueName: "N", environment: "KITCHEN_MAX_DEPTH",
                    default: "\(defaults.operation.maxDepth)", summary: "Deepest nesting of fields in an operation."),
            .option("max-aliases", valueName: "N", environment: "KITCHEN_MAX_ALIASES",
                    default: "\(defaults.operation.maxAliases)", summary: "Most aliases in an operation."),
            .option("max-directives", valueName: "N", environment: "KITCHEN_MAX_DIRECTIVES",
                    default: "\(defaults.operation.maxDirectivesPerLocation)",
                    summary: "Most directives on one field, fragment or operation."),
            .option("max-tokens", valueName: "N", environment: "KITCHEN_MAX_TOKENS",
                    default: "\(defaults.parser.maxTokens)", summary: "Most tokens in a document."),
            .option("max-document-bytes", valueName: "N", environment: "KITCHEN_MAX_DOCUMENT_BYTES",
                    default: "\(defaults.maxDocumentBytes)", summary: "Longest query text, in bytes."),
            .option("max-cost", valueName: "N", environment: "KITCHEN_MAX_COST",
                    default: "\(defaults.operation.maxCost)",
                    summary: "Highest operation cost, by the cost directives of the schema (@cost, @listSize)."),
            .option("max-variable-values", valueName: "N", environment: "KITCHEN_MAX_VARIABLE_VALUES",
                    default: "\(defaults.maxVariableValues)", summary: "Most values in a request's variables."),
            .option("max-batch", valueName: "N", environment: "KITCHEN_MAX_BATCH",
                    default: "\(defaults.maxBatch)",
                    summary: "Most operations in one batched request (a JSON array); 0 turns batching off."),
            .toggle("no-suggestions", environment: "KITCHEN_NO_SUGGESTIONS",
                    summary: "Leave \"Did you mean …?\" out of error messages."),
            .toggle("no-introspection", environment: "KITCHEN_NO_INTROSPECTION",
                    summary: "Refuse __schema and __type queries."),
        ]
    }()

    /// The limits the parsed flags describe.
    static func limits(from flags: ParsedFlags) throws(FlagError) -> RequestLimits {
        var limits = RequestLimits.default
        let range = 1...100_000_000
        if let value = try flags.int("max-depth", in: range) { limits.operation.maxDepth = value }
        if let value = try flags.int("max-aliases", in: 0...100_000_000) { limits.operation.maxAliases = value }
        if let value = try flags.int("max-directives", in: range) { limits.operation.maxDirectivesPerLocation = value }
        if let value = try flags.int("max-tokens", in: range) { limits.parser.maxTokens = value }
        if let value = try flags.int("max-document-bytes", in: range) { limits.maxDocumentBytes = value }
        if let value = try flags.int("max-cost", in: range) { limits.operation.maxCost = value }
        if let value = try flags.int("max-variable-values", in: range) { limits.maxVariableValues = value }
        if let value = try flags.int("max-batch", in: 0...10_000) { limits.maxBatch = value }
        limits.suggestions = !flags.bool("no-suggestions")
        limits.introspection = !flags.bool("no-introspection")
        return limits
    }
}
