import GraphQL

/// The engine as the HTTP layer uses it: a bound schema, a cache of prepared documents,
/// and validation options. Parsing and validation happen once per distinct query text.
struct GraphQLService<Context>: Sendable {
    let bound: BoundSchema<Context>
    let cache: DocumentCache
    let limits: RequestLimits
    /// Logs an internal error's detail; returns what the client sees of it.
    let onInternalError: @Sendable (any Error, [PathComponent]) -> MaskedError
    /// Counts document cache hits and misses, when set.
    var metrics: ServerMetrics? = nil

    init(
        bound: BoundSchema<Context>, cache: DocumentCache = DocumentCache(),
        limits: RequestLimits = .default,
        onInternalError: @escaping @Sendable (any Error, [PathComponent]) -> MaskedError = { _, _ in MaskedError() }
    ) {
        self.bound = bound
        self.cache = cache
        self.limits = limits
        self.onInternalError = onInternalError
    }

    /// The prepared document for a query text, or the errors that reject it. The text's
    /// size is the caller's to check first (`RequestPipeline`), before it is even hashed.
    func prepare(_ text: String) -> DocumentPreparation {
        var missed = false
        defer { metrics?.recordDocumentCache(hit: !missed) }
        return cache.preparation(for: text) { text in
            missed = true
            let document: Document
            do throws(GraphQLError) {
                document = try Parser.parse(Source(text), limits: limits.parser)
            } catch {
                return .rejected([error])
            }
            let errors = Validator.validate(
                document, schema: bound.schema,
                rules: Validator.rules(allowingIntrospection: limits.introspection),
                options: ValidationOptions(hideSuggestions: !limits.suggestions))
            guard errors.isEmpty else { return .rejected(errors) }
            let (breaches, perRequestCost) = limits.operation.checkDeferringVariableCost(
                document, schema: bound.schema)
            guard breaches.isEmpty else { return .rejected(breaches) }
            return .ready(PreparedDocument(validated: document.executable, perRequestCost: perRequestCost))
        }
    }

    func execute(
        _ prepared: PreparedDocument, operationName: String?, variables: ObjectValue,
        context: Context
    ) -> ExecutionResult {
        bound.execute(
            prepared, operationName: operationName, variables: variables, context: context,
            onInternalError: onInternalError)
    }
}

extension PreparedDocument {
    /// The type of the operation a request would run, when it can be told: the named one,
    /// or the only one.
    func operationType(named name: String?) -> OperationType? {
        let operations = document.operations
        if let name {
            return operations.first { $0.name?.value == name }?.operation
        }
        return operations.count == 1 ? operations[0].operation : nil
    }
}
