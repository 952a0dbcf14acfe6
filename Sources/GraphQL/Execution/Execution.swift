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
        var parents: [AnyObject]
        var containers: [Int]
    }

    /// What this request does with one shared plan, by the plan's id.
    struct PlanState {
        /// The plan's key set in this request's response tree; -1 until it has one.
        var keySet = -1
        /// Where the plan's batch sits in the next level, and for which level (so
        /// enqueueing an object needs no hashing).
        var queuedLevel = -1
        var queuedIndex = 0
    }

    let bound: BoundResolvers
    let schema: Schema
    let source: Source
    /// The plans this request reads and adds to: its document's, or its own when the
    /// document keeps all the plans it may.
    var plans: ExecutionPlans
    let collector: FieldCollector
    let variables: ObjectValue
    /// The application's context, boxed once for the whole request.
    let context: AnyObject
    let onInternalError: InternalErrorHandler?

    var tree = ResponseTree()
    var planStates: [PlanState] = []
    /// Field errors with their position's response order, sorted when the result is built.
    var errors: [(error: GraphQLError, order: [Int])] = []
    /// Coerced arguments by field node (its start offset): variables are fixed for the
    /// request, so a field's arguments are the same at every level.
    var argumentCache: [Int: Result<Arguments, GraphQLError>] = [:]
    /// The positions array `resolve(entry:of:)` fills, kept between fields for reuse.
    var spareSlots: [Int] = []
    /// The batches of the next level, in the order they were first reached.
    var nextLevel: [Batch] = []
    /// Counts levels, so a plan's state knows whether its `queuedIndex` is for the next one.
    var levelNumber = 0

    init(
        bound: BoundResolvers, document: ExecutableDocument, plans: ExecutionPlans,
        variables: ObjectValue, context: AnyObject, onInternalError: InternalErrorHandler?
    ) {
        self.bound = bound
        self.schema = bound.schema
        self.source = document.source
        self.plans = plans
        self.collector = FieldCollector(
            schema: bound.schema, fragments: plans.fragments, variables: variables)
        self.variables = variables
        self.context = context
        self.onInternalError = onInternalError
    }

    /// ExecuteQuery / ExecuteMutation: the root selection set on the root object. A
    /// mutation's top-level fields run one after another, each with everything under it
    /// finished before the next one starts (section 6.3.1, "normally and serially").
    mutating func run(
        _ operation: OperationDefinition, rootType: ObjectType, rootValue: AnyObject, serially: Bool
    ) -> ExecutionResult {
        let plan = rootPlan(of: operation, on: rootType)
        // As big as the document's last response, within reason: ten doublings of the
        // positions array cost more than one allocation of the right size.
        let sizeLimit = 1 << 14
        tree.reserve(
            slots: min(plans.lastResponseSlots.load(ordering: .relaxed), sizeLimit),
            containers: min(plans.lastResponseContainers.load(ordering: .relaxed), sizeLimit),
            leafBytes: min(plans.lastResponseLeafBytes.load(ordering: .relaxed), sizeLimit * 16))
        defer {
            plans.lastResponseSlots.store(tree.slots.count, ordering: .relaxed)
            plans.lastResponseContainers.store(tree.containers.count, ordering: .relaxed)
            plans.lastResponseLeafBytes.store(tree.leafText.count, ordering: .relaxed)
        }
        // One state and key set per plan the document has: none of them grows on the way.
        planStates.reserveCapacity(plans.planCount)
        tree.reserveKeySets(plans.planCount)
        let root = tree.addObject(keySet: keySet(of: plan), count: plan.entries.count, parentSlot: -1)
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
    /// The plan must have its key set (`keySet(of:)`) already, as every object's plan does.
    mutating func enqueue(_ parent: AnyObject, plan: FieldPlan, container: Int) {
        let queued = planStates[plan.id]
        if queued.queuedLevel == levelNumber {
            nextLevel[queued.queuedIndex].parents.append(parent)
            nextLevel[queued.queuedIndex].containers.append(container)
        } else {
            planStates[plan.id].queuedLevel = levelNumber
            planStates[plan.id].queuedIndex = nextLevel.count
            // Room for a list's worth of objects up front: growing from one by doubling
            // copied both arrays three times for a page of ten.
            var batch = Batch(plan: plan, parents: [], containers: [])
            batch.parents.reserveCapacity(16)
            batch.containers.reserveCapacity(16)
            batch.parents.append(parent)
            batch.containers.append(container)
            nextLevel.append(batch)
        }
    }

    /// The plan's key set in this request's response tree, registered the first time.
    mutating func keySet(of plan: FieldPlan) -> Int {
        if plan.id < planStates.count {
            let known = planStates[plan.id].keySet
            if known >= 0 { return known }
        } else {
            while planStates.count <= plan.id { planStates.append(PlanState()) }
        }
        let index = tree.addKeySet(plan.keys)
        planStates[plan.id].keySet = index
        return index
    }

    /// CoerceArgumentValues for an entry, once per field node per request.
    mutating func arguments(of entry: PlanEntry) -> Result<Arguments, GraphQLError> {
        guard entry.takesArguments else { return .success(Arguments()) }
        if let fixed = entry.fixedArguments { return fixed }
        let field = entry.fields[0]
        if let cached = argumentCache[field.location.start] { return cached }
        let result = coerceArguments(of: field, definition: entry.definition)
        argumentCache[field.location.start] = result
        return result
    }

    /// CoerceArgumentValues for one field node with this request's variables.
    func coerceArguments(of field: Field, definition: FieldDefinitionInfo) -> Result<Arguments, GraphQLError> {
        do {
            return .success(
                Arguments(
                    try InputCoercion.coerceArgumentValues(
                        definitions: definition.arguments, arguments: field.arguments,
                        variables: variables, schema: schema, source: source,
                        location: field.location)))
        } catch {
            return .failure(error)
        }
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
