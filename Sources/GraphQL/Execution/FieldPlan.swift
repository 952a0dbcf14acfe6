import Synchronization

/// The fields one selection asks of one concrete object type, collected and merged
/// (section 6.3.2, CollectFields): one entry per response key, in the order of the key's
/// first occurrence.
///
/// A plan is immutable and shared: built the first time a request of its document reaches
/// its (field, concrete type) and kept in the document's `ExecutionPlans`, so that later
/// requests, on any thread, collect nothing. What one request does with a plan (which
/// batch of the next level it fills, its key set in the response tree) lives in that
/// request's `Execution`, indexed by `id`.
final class FieldPlan: Sendable {
    /// Dense within the document's plans, so per-request state is an array lookup.
    let id: Int
    /// The concrete object type the fields are selected on.
    let type: ObjectType
    let entries: [PlanEntry]
    /// The response keys, pre-encoded for the writer.
    let keys: ResponseKeys
    /// The child plans of each entry whose type is an object, interface or union type.
    let children: [PlanChildren?]
    /// Whether an object of this plan is completed where it is reached rather than on the
    /// next level: every entry is a leaf that a per-object resolver (or `__typename`)
    /// answers, so waiting for the level's other objects would batch nothing. A `Money`
    /// (`{ cents amount }`) then costs no batch, queue or second pass.
    let resolvesInPlace: Bool

    init(id: Int, type: ObjectType, entries: [PlanEntry]) {
        self.id = id
        self.type = type
        self.entries = entries
        self.keys = ResponseKeys(entries.map { $0.key }, isNonNull: entries.map { $0.shape.isNonNull })
        self.children = entries.map { $0.shape.hasSelection ? PlanChildren() : nil }
        self.resolvesInPlace = !entries.isEmpty && entries.allSatisfy(\.resolvesInPlace)
    }
}

/// The plans of one entry's sub-selections, filled as requests reach them.
///
/// An object-typed field has one child plan, read with one atomic load once it is set; an
/// abstract field has one per concrete type met so far, behind a lock.
final class PlanChildren: Sendable {
    /// The object-typed field's plan, retained by this holder once stored. (An
    /// `AtomicLazyReference` would do the same, but its `load` is not specialized and costs
    /// hundreds of instructions per object.)
    private let object = Atomic<Unmanaged<FieldPlan>?>(nil)
    let byType = Mutex<[String: FieldPlan]>([:])

    /// The object-typed field's plan, when one has been stored.
    var objectPlan: FieldPlan? {
        object.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Stores `plan` as the object-typed field's plan unless one is there; returns the one
    /// kept.
    func keepObjectPlan(_ plan: FieldPlan) -> FieldPlan {
        let retained = Unmanaged.passRetained(plan)
        let (stored, current) = object.compareExchange(
            expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if stored { return plan }
        retained.release()
        return current?.takeUnretainedValue() ?? plan
    }

    deinit {
        object.load(ordering: .acquiring)?.release()
    }
}

/// One response key of a plan: the merged field nodes and how the field is resolved.
///
/// A class, so that reading an entry while resolving retains one reference instead of
/// copying (and retaining) each of its fields.
final class PlanEntry: Sendable {
    enum Resolution: Sendable {
        /// `__typename`: the concrete type's name.
        case typename
        /// `__schema` on the query root.
        case schema
        /// `__type(name:)` on the query root.
        case type
        case resolver(FieldResolver)
        /// A schema field without a resolver (only possible with an unbound schema).
        case unbound
    }

    let key: String
    /// Every field node with this response key, in document order.
    let fields: [Field]
    let definition: FieldDefinitionInfo
    let resolution: Resolution
    /// The field's type, resolved against the schema.
    let shape: OutputShape
    /// The built-in scalar the field's type is, nullable or not; nil for any other type.
    /// Completing a value already of that scalar then needs no walk of `shape`.
    let scalarLeaf: BuiltInScalars.Kind?
    /// Whether the field has arguments to coerce, in the schema or in the document: most
    /// fields have none, and need not look at their field nodes at all.
    let takesArguments: Bool
    /// The coerced arguments of a field whose arguments name no variable (`first: 5`, or
    /// only defaults): the same for every request of the document, so coerced once, when
    /// the plan is built, instead of looked up per request each time the field is reached.
    let fixedArguments: Result<Arguments, GraphQLError>?

    /// A leaf answered per object: by `__typename`, a per-object resolver or an
    /// `ObjectValue` key (see `FieldPlan.resolvesInPlace`).
    var resolvesInPlace: Bool {
        guard !shape.hasSelection else { return false }
        switch resolution {
        case .typename, .resolver(.each), .resolver(.valueKey): return true
        case .schema, .type, .resolver(.batch), .unbound: return false
        }
    }

    init(
        key: String, fields: [Field], definition: FieldDefinitionInfo, resolution: Resolution,
        shape: OutputShape, fixedArguments: Result<Arguments, GraphQLError>? = nil
    ) {
        self.key = key
        self.fields = fields
        self.definition = definition
        self.resolution = resolution
        self.shape = shape
        if case .builtInScalar(let kind) = shape.nullable { scalarLeaf = kind } else { scalarLeaf = nil }
        takesArguments = !definition.arguments.isEmpty || !(fields.first?.arguments.isEmpty ?? true)
        self.fixedArguments = fixedArguments
    }
}
