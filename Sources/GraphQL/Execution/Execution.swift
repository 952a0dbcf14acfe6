/// One request's execution (section 6.3), level by level.
///
/// The response is resolved breadth-first: the objects one selection reaches at one level
/// (every item of a list, every list of a level flattened together) wait in a `Batch`, and
/// each field of that selection is resolved for all of them with one resolver call. The
/// number of resolver calls, and so of SQL statements behind them, depends on the shape of
/// the query, not on the length of its lists. Results land in a `ResponseTree` at their
/// positions, so the response is still written in query order.
struct Execution {
    /// The objects of one level that share a plan, with the containers they fill.
    struct Batch {
        let plan: FieldPlan
        var parents: [Any]
        var containers: [Int]
    }

    let bound: BoundResolvers
    let schema: Schema
    let source: Source
    let collector: FieldCollector
    let variables: ObjectValue
    let context: Any
    let onInternalError: InternalErrorHandler?

    var tree = ResponseTree()
    /// Field errors with their position's response order, sorted when the result is built.
    var errors: [(error: GraphQLError, order: [Int])] = []
    /// Coerced arguments by field node (its start offset): variables are fixed for the
    /// request, so a field's arguments are the same at every level.
    var argumentCache: [Int: Result<Arguments, GraphQLError>] = [:]
    /// The batches of the next level, in the order they were first reached.
    var nextLevel: [Batch] = []
    /// Counts levels, so a plan knows whether its `queuedIndex` is for the next one.
    var levelNumber = 0

    init(
        bound: BoundResolvers, document: ExecutableDocument, variables: ObjectValue,
        context: Any, onInternalError: InternalErrorHandler?
    ) {
        self.bound = bound
        self.schema = bound.schema
        self.source = document.source
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.collector = FieldCollector(
            schema: bound.schema, fragments: fragments, variables: variables)
        self.variables = variables
        self.context = context
        self.onInternalError = onInternalError
    }

    /// ExecuteQuery / ExecuteMutation: the root selection set on the root object. A
    /// mutation's top-level fields run one after another, each with everything under it
    /// finished before the next one starts (section 6.3.1, "normally and serially").
    mutating func run(
        _ operation: OperationDefinition, rootType: ObjectType, rootValue: Any, serially: Bool
    ) -> ExecutionResult {
        let plan = makePlan(on: rootType, selectionSets: [operation.selectionSet])
        let root = tree.addObject(keySet: plan.keySet, nonNull: plan.keyIsNonNull, parentSlot: -1)
        let batch = Batch(plan: plan, parents: [rootValue], containers: [root])
        if serially {
            for index in plan.entries.indices {
                resolve(entry: index, of: batch)
                finishLevels()
                // A non-null root field failed and `data` is null: the later mutations would
                // change state the client is told nothing about, so they do not run (graphql-js).
                if tree.dataIsNull { break }
            }
        } else {
            execute(batch)
            finishLevels()
        }
        return ExecutionResult(tree: tree, errors: sortedErrors())
    }

    /// Resolves the levels below until no object is waiting.
    private mutating func finishLevels() {
        while !nextLevel.isEmpty {
            let level = nextLevel
            nextLevel = []
            levelNumber += 1
            for batch in level { execute(batch) }
        }
    }

    /// Resolves every field of a batch's plan for all of its objects.
    private mutating func execute(_ batch: Batch) {
        for index in batch.plan.entries.indices {
            resolve(entry: index, of: batch)
        }
    }

    /// Puts an object on the next level, with the plan its selection has there.
    mutating func enqueue(_ parent: Any, plan: FieldPlan, container: Int) {
        if plan.queuedLevel == levelNumber {
            nextLevel[plan.queuedIndex].parents.append(parent)
            nextLevel[plan.queuedIndex].containers.append(container)
        } else {
            plan.queuedLevel = levelNumber
            plan.queuedIndex = nextLevel.count
            nextLevel.append(Batch(plan: plan, parents: [parent], containers: [container]))
        }
    }

    /// The plan of `selectionSets` on a concrete object type: collected, merged fields, and
    /// how each is resolved. Fields the type does not have are left out (validation rejects
    /// them; an unvalidated document simply does not get them).
    mutating func makePlan(on type: ObjectType, selectionSets: [SelectionSet]) -> FieldPlan {
        let isQueryRoot = type.name == schema.queryType
        let entries = collector.collect(selectionSets, on: type.name).compactMap {
            key, fields -> PlanEntry? in
            let name = fields[0].name.value
            switch name {
            case "__typename":
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.typename,
                    resolution: .typename, shape: .nonNull(.builtInScalar("String")))
            case "__schema" where isQueryRoot:
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.schema, resolution: .schema,
                    shape: OutputShape(MetaFields.schema.type, in: schema))
            case "__type" where isQueryRoot:
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.type, resolution: .type,
                    shape: OutputShape(MetaFields.type.type, in: schema))
            default:
                guard let definition = type.field(named: name) else { return nil }
                let resolver = bound.resolvers[type.name]?[name]
                return PlanEntry(
                    key: key, fields: fields, definition: definition,
                    resolution: resolver.map { .resolver($0) } ?? .unbound,
                    shape: OutputShape(definition.type, in: schema))
            }
        }
        return FieldPlan(type: type, entries: entries, keySet: tree.addKeySet(entries.map { $0.key }))
    }

    /// The plan of an entry's sub-selections on a concrete type, built once per request.
    mutating func childPlan(of plan: FieldPlan, entry index: Int, on type: ObjectType) -> FieldPlan {
        if let known = plan.children[index]?[type.name] { return known }
        let selectionSets = plan.entries[index].fields.compactMap { $0.selectionSet }
        let child = makePlan(on: type, selectionSets: selectionSets)
        plan.children[index, default: [:]][type.name] = child
        return child
    }

    /// The child plan of an entry whose field type is an object type; nil when the schema
    /// has no such object type.
    mutating func objectChildPlan(of plan: FieldPlan, entry index: Int, on typeName: String) -> FieldPlan? {
        if let known = plan.objectChildren[index] { return known }
        guard case .object(let type)? = schema[typeName] else { return nil }
        let child = childPlan(of: plan, entry: index, on: type)
        plan.objectChildren[index] = child
        return child
    }

    /// CoerceArgumentValues for an entry, once per field node per request.
    mutating func arguments(of entry: PlanEntry) -> Result<Arguments, GraphQLError> {
        let field = entry.fields[0]
        if field.arguments.isEmpty && entry.definition.arguments.isEmpty {
            return .success(Arguments())
        }
        if let cached = argumentCache[field.location.start] { return cached }
        let result: Result<Arguments, GraphQLError>
        do {
            result = .success(
                Arguments(
                    try InputCoercion.coerceArgumentValues(
                        definitions: entry.definition.arguments, arguments: field.arguments,
                        variables: variables, schema: schema, source: source,
                        location: field.location)))
        } catch {
            result = .failure(error)
        }
        argumentCache[field.location.start] = result
        return result
    }

    private func sortedErrors() -> [GraphQLError] {
        errors.enumerated().sorted { left, right in
            if left.element.order != right.element.order {
                return left.element.order.lexicographicallyPrecedes(right.element.order)
            }
            return left.offset < right.offset
        }.map(\.element.error)
    }
}
