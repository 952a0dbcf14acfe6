/// A document that has been parsed and validated against the schema: what the executor
/// runs and what `DocumentCache` keeps, so that each distinct query text is parsed and
/// validated once, and each of its field plans built once (see `ExecutionPlans`).
public struct PreparedDocument: Sendable {
    /// The executable definitions, with the source they came from.
    public let document: ExecutableDocument
    /// The field plans requests of this document have built, kept for the next ones.
    let plans: ExecutionPlans
    /// The operations whose cost is measured with each request's variable values before
    /// they execute (`OperationLimits.checkDeferringVariableCost`); nil for none.
    let perRequestCost: PerRequestCost?

    /// Wraps a document the caller has validated (and checked against its limits, leaving
    /// `perRequestCost` to each request).
    public init(validated document: ExecutableDocument, perRequestCost: PerRequestCost? = nil) {
        self.document = document
        self.plans = ExecutionPlans(document)
        self.perRequestCost = perRequestCost
    }
}

/// The outcome of preparing a query text: the prepared document, or the parse or
/// validation errors to send back (the same ones every time the text is seen again).
public enum DocumentPreparation: Sendable {
    case ready(PreparedDocument)
    case rejected([GraphQLError])
}
