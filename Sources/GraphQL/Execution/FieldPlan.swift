/// The fields one selection asks of one concrete object type, collected and merged
/// (section 6.3.2, CollectFields): one entry per response key, in the order of the key's
/// first occurrence.
///
/// A plan is built once per request for each (field, concrete type) the response reaches
/// and shared by every object of that level, which is what lets a level be resolved in
/// one batch per field.
final class FieldPlan {
    /// The concrete object type the fields are selected on.
    let type: ObjectType
    let entries: [PlanEntry]
    /// The index of the keys in the response tree's key sets.
    let keySet: Int
    /// Whether each key's field type is non-null.
    let keyIsNonNull: [Bool]
    /// Child plans by entry index, then concrete type name.
    var children: [Int: [String: FieldPlan]] = [:]
    /// The child plan of each entry whose type is an object type (no lookup by name).
    var objectChildren: [FieldPlan?]
    /// Where this plan's batch sits in the next level, and for which level (so enqueueing
    /// an object needs no hashing).
    var queuedLevel = -1
    var queuedIndex = 0

    init(type: ObjectType, entries: [PlanEntry], keySet: Int) {
        self.type = type
        self.entries = entries
        self.keySet = keySet
        self.objectChildren = Array(repeating: nil, count: entries.count)
        self.keyIsNonNull = entries.map { $0.shape.isNonNull }
    }
}

/// One response key of a plan: the merged field nodes and how the field is resolved.
struct PlanEntry {
    enum Resolution {
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
}
