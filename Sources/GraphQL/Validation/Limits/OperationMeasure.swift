/// Walks one operation, fragments expanded, measuring depth, aliases, directives and cost.
///
/// Fragments are measured once per parent type and remembered, so a fragment spread a
/// thousand times costs one walk.
struct OperationMeasure {
    let schema: Schema
    let limits: OperationLimits
    let source: Source
    let fragments: [String: FragmentDefinition]
    /// A request's coerced variable values, for the page sizes that come from variables;
    /// nil when only the document is known, and such a page counts as the largest.
    let variables: ObjectValue?
    private var memo: [String: Measurement] = [:]
    private var visiting: Set<String> = []

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

    /// What a selection set adds up to.
    struct Measurement {
        var depth = 0
        var aliases = 0
        var cost = 0
        /// The first node that carries more directives than allowed.
        var crowdedDirectives: (count: Int, location: Location)?
        /// The cost were every page whose size comes from a variable of unknown value empty
        /// (`cost` counts them as the largest): what no request of the operation can cost
        /// less than. Equal to `cost` when no page size was guessed.
        var leastCost = 0
    }

    /// The limits `operation` breaks. With `deferringVariableCost`, a cost over the limit
    /// only because some page size comes from a variable is left out and reported as
    /// `costDependsOnVariables`, for a check with the request's values.
    mutating func check(
        _ operation: OperationDefinition, deferringVariableCost: Bool = false
    ) -> (errors: [GraphQLError], costDependsOnVariables: Bool) {
        let root = schema.rootType(for: operation.operation)?.name
        var total = measure(operation.selectionSet, parentType: root)
        note(operation.directives.count, at: operation.location, in: &total)
        var errors: [GraphQLError] = []
        let at = [operation.location.start]
        let name = Self.name(of: operation)
        if total.depth > limits.maxDepth {
            errors.append(error("\(name) is nested \(total.depth) levels deep; the limit is \(limits.maxDepth).", at))
        }
        if total.aliases > limits.maxAliases {
            errors.append(error("\(name) uses \(total.aliases) aliases; the limit is \(limits.maxAliases).", at))
        }
        if let crowded = total.crowdedDirectives {
            errors.append(error(
                "\(crowded.count) directives on one location; the limit is \(limits.maxDirectivesPerLocation).",
                [crowded.location.start]))
        }
        if total.cost > limits.maxCost {
            // Deferred only when some request's pages could keep it within the limit (then
            // some page size was guessed: without one, `leastCost` is `cost`).
            if deferringVariableCost, total.leastCost <= limits.maxCost {
                return (errors, true)
            }
            errors.append(costError(name, total.cost, at))
        }
        return (errors, false)
    }

    /// The cost error of `operation` with this measure's variable values, if it costs
    /// more than the limit.
    mutating func costError(of operation: OperationDefinition) -> GraphQLError? {
        let root = schema.rootType(for: operation.operation)?.name
        let cost = measure(operation.selectionSet, parentType: root).cost
        guard cost > limits.maxCost else { return nil }
        return costError(Self.name(of: operation), cost, [operation.location.start])
    }

    private static func name(of operation: OperationDefinition) -> String {
        operation.name.map { "Operation \"\($0.value)\"" } ?? "The operation"
    }

    private func costError(_ name: String, _ cost: Int, _ at: [Int]) -> GraphQLError {
        error(
            "\(name) costs \(cost), more than the limit of \(limits.maxCost). Every field costs 1, "
                + "and a list or connection multiplies the cost of its selections by its size (first): "
                + "ask for smaller pages.", at)
    }

    /// `paged`: the selection set is a connection's, whose `first` has already multiplied
    /// it, so its `edges` and `nodes` lists are not multiplied again.
    private mutating func measure(
        _ selectionSet: SelectionSet, parentType: String?, paged: Bool = false
    ) -> Measurement {
        var total = Measurement()
        for selection in selectionSet.selections {
            let part: Measurement
            switch selection {
            case .field(let field):
                part = measure(field, parentType: parentType, paged: paged)
            case .inlineFragment(let fragment):
                var inner = measure(
                    fragment.selectionSet, parentType: fragment.typeCondition?.value ?? parentType,
                    paged: paged)
                note(fragment.directives.count, at: fragment.location, in: &inner)
                part = inner
            case .fragmentSpread(let spread):
                var inner = measureFragment(named: spread.name.value, paged: paged)
                note(spread.directives.count, at: spread.location, in: &inner)
                part = inner
            }
            total.depth = max(total.depth, part.depth)
            total.aliases = total.aliases.addingClamped(part.aliases)
            total.cost = total.cost.addingClamped(part.cost)
            total.leastCost = total.leastCost.addingClamped(part.leastCost)
            if total.crowdedDirectives == nil { total.crowdedDirectives = part.crowdedDirectives }
        }
        return total
    }

    private mutating func measure(_ field: Field, parentType: String?, paged: Bool) -> Measurement {
        let definition = parentType.flatMap { schema.fieldDefinition(field.name.value, on: $0) }
        // A field with `first` that is not itself a list is a connection: its page size
        // multiplies its selections once, and its `edges`/`nodes` are that page.
        let isConnection = definition.map { $0.argument(named: "first") != nil && !$0.type.isList } ?? false
        var inner = Measurement()
        if let selectionSet = field.selectionSet {
            inner = measure(selectionSet, parentType: definition?.type.namedType, paged: isConnection)
        }
        var result = Measurement()
        result.aliases = inner.aliases.addingClamped(field.alias == nil ? 0 : 1)
        if Self.introspectionRoots.contains(field.name.value) {
            // Bounded by the schema's size; MaxIntrospectionDepth limits its recursion.
            result.depth = 1
            result.cost = 1
            result.leastCost = 1
        } else {
            result.depth = inner.depth + 1
            let isPage = paged && Self.pageFields.contains(field.name.value)
            let size = isPage ? (value: 1, guessed: false) : size(of: field, definition)
            result.cost = 1.addingClamped(inner.cost.multipliedClamped(by: size.value))
            result.leastCost = 1.addingClamped(inner.leastCost.multipliedClamped(by: size.guessed ? 0 : size.value))
        }
        result.crowdedDirectives = inner.crowdedDirectives
        note(field.directives.count, at: field.location, in: &result)
        return result
    }

    /// The fields of a connection that hold its page.
    static let pageFields: Set<String> = ["edges", "nodes"]

    /// The meta-fields whose subtrees are introspection, which these limits leave alone.
    static let introspectionRoots: Set<String> = ["__schema", "__type"]

    private mutating func measureFragment(named name: String, paged: Bool) -> Measurement {
        let key = paged ? name + " (page)" : name
        if let known = memo[key] { return known }
        guard let fragment = fragments[name], !visiting.contains(name) else { return Measurement() }
        visiting.insert(name)
        var result = measure(fragment.selectionSet, parentType: fragment.typeCondition.value, paged: paged)
        note(fragment.directives.count, at: fragment.location, in: &result)
        visiting.remove(name)
        memo[key] = result
        return result
    }

    /// How many times a field's selections may be repeated: its `first` (given, from a
    /// variable's value, else its default), else the default list size for a list, else
    /// 1. `guessed`: the `first` came from a variable whose value is not known here, and
    /// counts as the largest page it could ask for.
    private func size(of field: Field, _ definition: FieldDefinitionInfo?) -> (value: Int, guessed: Bool) {
        guard let definition else { return (1, false) }
        guard let first = definition.argument(named: "first") else {
            return (definition.type.isList ? limits.defaultListSize : 1, false)
        }
        if let argument = field.arguments.first(where: { $0.name.value == "first" }) {
            switch argument.value.kind {
            case .int(let text):
                return (Int(text).map { max(0, $0) } ?? PageSize.maximum, false)
            case .variable(let variable):
                guard let variables else { return (PageSize.maximum, true) }
                switch variables[variable.name.value] {
                case .int(let value)?: return (max(0, value), false)
                case .null?, nil: break  // no value: the argument's default, as a resolver sees it
                default: return (PageSize.maximum, false)
                }
            default:
                return (PageSize.maximum, false)
            }
        }
        if let defaultValue = first.defaultValue, case .int(let text) = defaultValue.kind,
            let value = Int(text)
        {
            return (max(0, value), false)
        }
        return (limits.defaultListSize, false)
    }

    private func note(_ count: Int, at location: Location, in measurement: inout Measurement) {
        if count > limits.maxDirectivesPerLocation, measurement.crowdedDirectives == nil {
            measurement.crowdedDirectives = (count, location)
        }
    }

    private func error(_ message: String, _ offsets: [Int]) -> GraphQLError {
        GraphQLError(message, source: source, at: offsets, code: .validationFailed)
    }
}

/// The largest page a connection gives: the cost of a `first` that comes from a variable.
enum PageSize {
    static let maximum = 100
}

extension TypeReference {
    /// Whether the type is a list, non-null or not.
    var isList: Bool {
        if case .list = nullable { return true }
        return false
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max` instead of trapping.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// `self × other`, stopping at `Int.max` instead of trapping.
    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
