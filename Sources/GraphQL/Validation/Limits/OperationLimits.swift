/// Bounds on what one operation may ask for, checked after validation and before anything
/// executes, so that a hostile document is refused for the price of a walk over it.
public struct OperationLimits: Sendable, Hashable {
    /// The deepest nesting of fields (a root field is depth 1).
    public var maxDepth: Int
    /// The most aliased fields in one operation, fragments included.
    public var maxAliases: Int
    /// The most directives on one field, fragment or operation.
    public var maxDirectivesPerLocation: Int
    /// The most an operation may cost: every field costs 1, and a list or connection
    /// multiplies the cost of its selections by its size (`first`).
    public var maxCost: Int
    /// The size assumed for a list without a `first` argument.
    public var defaultListSize: Int

    public init(
        maxDepth: Int = 12, maxAliases: Int = 30, maxDirectivesPerLocation: Int = 50,
        maxCost: Int = 10_000, defaultListSize: Int = 10
    ) {
        self.maxDepth = maxDepth
        self.maxAliases = maxAliases
        self.maxDirectivesPerLocation = maxDirectivesPerLocation
        self.maxCost = maxCost
        self.defaultListSize = defaultListSize
    }

    /// Kitchen's defaults: depth 12, 30 aliases, 50 directives, cost 10,000.
    public static let `default` = OperationLimits()

    /// No bounds at all (for tools that check documents, not servers).
    public static let unlimited = OperationLimits(
        maxDepth: .max, maxAliases: .max, maxDirectivesPerLocation: .max, maxCost: .max)

    /// The errors of every operation of a validated document that breaks a limit.
    public func check(_ document: Document, schema: Schema) -> [GraphQLError] {
        var measure = OperationMeasure(document: document, schema: schema, limits: self)
        var errors: [GraphQLError] = []
        for definition in document.definitions {
            guard case .executable(.operation(let operation)) = definition else { continue }
            errors += measure.check(operation)
        }
        return errors
    }
}
