/// Walks one operation, fragments expanded, measuring depth, aliases, directives and cost.
///
/// Cost is the cost directives specification's field cost. A field costs its weight — its
/// `@cost`, else its type's `@cost`, else 1 for an object, interface or union and 0 for a
/// scalar or enum — plus the weights of the arguments it is given, plus the cost of its
/// selections, which a list multiplies by how many items it may hold: its slicing argument,
/// else its `@listSize(assumedSize:)`, else the limits' default list size. A field whose
/// `@listSize` names `sizedFields` (a connection) sizes those lists of its type instead.
///
/// Fragments are measured once per place they are spread into (parent type and sizing) and
/// remembered, so a fragment spread a thousand times costs one walk.
struct OperationMeasure {
    let schema: Schema
    let limits: OperationLimits
    let source: Source
    let fragments: [String: FragmentDefinition]
    /// A request's coerced variable values, for the list sizes that come from variables;
    /// nil when only the document is known, and such a size counts as the largest.
    let variables: ObjectValue?
    private var memo: [String: Measurement] = [:]
    private var visiting: Set<String> = []
    /// Fields that break `requireOneSlicingArgument`, found while measuring.
    var slicingErrors: [GraphQLError] = []

    init(document: Document, schema: Schema, limits: OperationLimits) {
        let fragments = document.definitions.compactMap { definition -> FragmentDefinition? in
            if case .executable(.fragment(let fragment)) = definition { return fragment }
            return nil
        }
        self.init(fragments: fragments, source: document.source, schema: schema, limits: limits, variables: nil)
    }

    /// A measure of a validated document's operations with one request's variable values.
    init(document: ExecutableDocument, schema: Schema, limits: OperationLimits, variables: ObjectValue) {
        self.init(
            fragments: document.fragments, source: document.source, schema: schema, limits: limits,
            variables: variables)
    }

    private init(
        fragments list: [FragmentDefinition], source: Source, schema: Schema, limits: OperationLimits,
        variables: ObjectValue?
    ) {
        self.schema = schema
        self.limits = limits
        self.source = source
        self.variables = variables
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in list where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// What a selection set adds up to, for one object of its parent type.
    struct Measurement {
        var depth = 0
        var aliases = 0
        var cost = 0.0
        /// The first node that carries more directives than allowed.
        var crowdedDirectives: (count: Int, location: Location)?
        /// The cost were every list whose size comes from a variable of unknown value empty
        /// (`cost` counts them at their largest): what no request of the operation can cost
        /// less than. Equal to `cost` when no size was guessed.
        var leastCost = 0.0
        /// The cost of the fields that lie under no list below this point: what the nearest
        /// list above multiplies.
        var loose = 0.0
        /// The list below this point whose items cost the most in all.
        var costliest: CostliestList?
        /// The field of this selection set that costs the most, with its selections.
        var heaviest: (key: String, cost: Double)?

        mutating func add(_ part: Measurement) {
            depth = max(depth, part.depth)
            aliases = aliases.addingClamped(part.aliases)
            cost += part.cost
            leastCost += part.leastCost
            loose += part.loose
            if crowdedDirectives == nil { crowdedDirectives = part.crowdedDirectives }
            if let list = part.costliest, list.share > costliest?.share ?? -.infinity { costliest = list }
            if let field = part.heaviest, field.cost > heaviest?.cost ?? -.infinity { heaviest = field }
        }
    }

    /// The measure of a whole operation, from its root type.
    mutating func measure(_ operation: OperationDefinition) -> Measurement {
        let root = schema.rootType(for: operation.operation)?.name
        var total = measure(operation.selectionSet, parentType: root, sizing: nil)
        note(operation.directives.count, at: operation.location, in: &total)
        return total
    }

    /// `sizing`: the `@listSize` of the field above when it sizes some of this selection
    /// set's fields (a connection's `edges` and `nodes`).
    private mutating func measure(
        _ selectionSet: SelectionSet, parentType: String?, sizing: Sizing?
    ) -> Measurement {
        var total = Measurement()
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                total.add(measure(field, parentType: parentType, sizing: sizing))
            case .inlineFragment(let fragment):
                var inner = measure(
                    fragment.selectionSet, parentType: fragment.typeCondition?.value ?? parentType,
                    sizing: sizing)
                note(fragment.directives.count, at: fragment.location, in: &inner)
                total.add(inner)
            case .fragmentSpread(let spread):
                var inner = measureFragment(named: spread.name.value, sizing: sizing)
                note(spread.directives.count, at: spread.location, in: &inner)
                total.add(inner)
            }
        }
        return total
    }

    private mutating func measure(_ field: Field, parentType: String?, sizing: Sizing?) -> Measurement {
        let key = field.alias?.value ?? field.name.value
        var result = Measurement()
        result.aliases = field.alias == nil ? 0 : 1
        result.depth = 1
        note(field.directives.count, at: field.location, in: &result)
        if Self.introspectionRoots.contains(field.name.value) {
            // Bounded by the schema's size; MaxIntrospectionDepth limits its recursion.
            result.cost = 1
            result.leastCost = 1
            result.loose = 1
            result.heaviest = (key, 1)
            return result
        }
        guard let parentType, let definition = schema.fieldDefinition(field.name.value, on: parentType) else {
            return result
        }
        let listSize = schema.cost.listSize(ofField: field.name.value, on: parentType)
        let expected = listSize.map { expectedSize($0, of: field, definition) }
        var childSizing: Sizing?
        if let listSize, let expected, !listSize.sizedFields.isEmpty {
            childSizing = Sizing(fields: listSize.sizedFields, size: expected)
        }
        var size: ListSizeValue?
        if definition.type.isList {
            if let sizing, sizing.fields.contains(field.name.value) {
                size = sizing.size
            } else if childSizing == nil, let expected {
                size = expected
            } else {
                size = ListSizeValue(value: limits.defaultListSize, guessed: false)
            }
        }
        var inner = Measurement()
        if let selectionSet = field.selectionSet {
            inner = measure(selectionSet, parentType: definition.type.namedType, sizing: childSizing)
        }
        let own = weight(of: field, definition, on: parentType) + argumentsCost(of: field, definition, on: parentType)
        let multiplier = Double(size?.value ?? 1)
        result.depth = inner.depth + 1
        result.aliases = inner.aliases.addingClamped(result.aliases)
        if let crowded = inner.crowdedDirectives { result.crowdedDirectives = crowded }
        result.cost = own + multiplier * inner.cost
        result.leastCost = own + (size?.guessed == true ? 0 : multiplier) * inner.leastCost
        if let size {
            result.loose = own
            let mine = CostliestList(path: [key], share: multiplier * inner.loose, each: inner.loose, sizes: [size.value])
            let below = inner.costliest?.lifted(through: key, size: size.value)
            result.costliest = (below?.share ?? -.infinity) > mine.share ? below : mine
        } else {
            result.loose = own + inner.loose
            result.costliest = inner.costliest?.lifted(through: key, size: nil)
        }
        result.heaviest = (key, result.cost)
        return result
    }

    /// The meta-fields whose subtrees are introspection, which these limits leave alone.
    static let introspectionRoots: Set<String> = ["__schema", "__type"]

    private mutating func measureFragment(named name: String, sizing: Sizing?) -> Measurement {
        let key = sizing.map { name + " " + $0.memoKey } ?? name
        if let known = memo[key] { return known }
        guard let fragment = fragments[name], !visiting.contains(name) else { return Measurement() }
        visiting.insert(name)
        var result = measure(fragment.selectionSet, parentType: fragment.typeCondition.value, sizing: sizing)
        note(fragment.directives.count, at: fragment.location, in: &result)
        visiting.remove(name)
        memo[key] = result
        return result
    }

    private func note(_ count: Int, at location: Location, in measurement: inout Measurement) {
        if count > limits.maxDirectivesPerLocation, measurement.crowdedDirectives == nil {
            measurement.crowdedDirectives = (count, location)
        }
    }

    func error(_ message: String, _ offsets: [Int]) -> GraphQLError {
        GraphQLError(message, source: source, at: offsets, code: .validationFailed)
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max` instead of trapping.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
