/// Bounds on what one operation may ask for, checked after validation and before anything
/// executes, so that a hostile document is refused for the price of a walk over it.
public struct OperationLimits: Sendable, Hashable {
    /// The deepest nesting of fields (a root field is depth 1).
    public var maxDepth: Int
    /// The most aliased fields in one operation, fragments included.
    public var maxAliases: Int
    /// The most directives on one field, fragment or operation.
    public var maxDirectivesPerLocation: Int
    /// The most an operation may cost, by the cost directives specification's field cost
    /// (see `OperationMeasure`): an object costs 1 and a scalar 0 unless the schema's `@cost`
    /// says otherwise, and a list multiplies the cost of its selections by how many items
    /// it may hold (its slicing argument or `assumedSize`, from the schema's `@listSize`).
    public var maxCost: Int
    /// The size assumed for a list the schema gives no `@listSize`.
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

    /// The errors of every operation of a validated document that breaks a limit; a slicing
    /// argument (`first`) that comes from a variable counts as the largest page, the list's
    /// `@listSize(assumedSize:)`.
    public func check(_ document: Document, schema: Schema) -> [GraphQLError] {
        var measure = OperationMeasure(document: document, schema: schema, limits: self)
        var errors: [GraphQLError] = []
        for definition in document.definitions {
            guard case .executable(.operation(let operation)) = definition else { continue }
            errors += measure.check(operation).errors
        }
        return errors
    }

    /// What each operation of a validated document costs, in document order (`name` nil
    /// for an anonymous one), a list sized by a variable counted at its largest: for tools
    /// that show costs (the README's screens, the explorer), not for refusing.
    public func costs(_ document: Document, schema: Schema) -> [(name: String?, cost: Double)] {
        var measure = OperationMeasure(document: document, schema: schema, limits: self)
        return document.definitions.compactMap { definition in
            guard case .executable(.operation(let operation)) = definition else { return nil }
            return (operation.name?.value, measure.measure(operation).cost)
        }
    }

    /// As `check`, for a server: a query or mutation over the cost limit only because some
    /// slicing argument comes from a variable is not refused here but named in `perRequestCost`, to
    /// be measured with each request's values before it executes. A client paging with
    /// `first: $count` is held to the pages it asks for, not to the largest it could.
    /// (Subscriptions are measured here, as the largest pages: their events run later.)
    public func checkDeferringVariableCost(
        _ document: Document, schema: Schema
    ) -> (errors: [GraphQLError], perRequestCost: PerRequestCost?) {
        var measure = OperationMeasure(document: document, schema: schema, limits: self)
        var errors: [GraphQLError] = []
        var deferred: Set<Int> = []
        for definition in document.definitions {
            guard case .executable(.operation(let operation)) = definition else { continue }
            let result = measure.check(operation, deferringVariableCost: operation.operation != .subscription)
            errors += result.errors
            if result.costDependsOnVariables { deferred.insert(operation.location.start) }
        }
        let perRequestCost = deferred.isEmpty ? nil : PerRequestCost(limits: self, operations: deferred)
        return (errors, perRequestCost)
    }
}

/// The operations of a document whose cost depends on the request's variable values, and
/// the limits to hold them to.
public struct PerRequestCost: Sendable, Hashable {
    let limits: OperationLimits
    /// The operations, by where they start in the source.
    let operations: Set<Int>

    /// The cost error of `operation` with a request's coerced variable values; nil when it
    /// is within the limit or its cost does not depend on variables.
    func error(
        for operation: OperationDefinition, in document: ExecutableDocument, schema: Schema,
        variables: ObjectValue
    ) -> GraphQLError? {
        guard operations.contains(operation.location.start) else { return nil }
        var measure = OperationMeasure(document: document, schema: schema, limits: limits, variables: variables)
        return measure.costError(of: operation)
    }
}
