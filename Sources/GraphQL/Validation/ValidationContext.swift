/// What every rule of one validation run shares: the schema and document, the schema facts
/// for the node being visited (`typeInfo`), the errors so far, and memoized lookups over
/// fragments and variables.
///
/// One context lives for one `Validator.validate` call on one thread.
public final class ValidationContext {
    /// The schema the document is validated against.
    public let schema: Schema
    /// The document being validated.
    public let document: Document
    /// The options of this run.
    public let options: ValidationOptions
    /// Schema facts for the node being visited.
    ///
    /// Not checked for exclusive access at run time (nor are `errors` and `isAborted`):
    /// the walker changes it only between rule calls, on one thread, and the checks on every
    /// read by every rule were a measurable share of validation.
    @exclusivity(unchecked) public internal(set) var typeInfo: TypeInfo
    /// Errors reported so far, in the order they were reported.
    @exclusivity(unchecked) public private(set) var errors: [GraphQLError] = []
    /// Set once `options.maxErrors` has been passed: the walk stops.
    @exclusivity(unchecked) public private(set) var isAborted = false

    /// Fragment definitions by name (the last of a duplicated name wins, as in graphql-js).
    let fragments: [String: FragmentDefinition]
    private var spreadsBySelectionSet: [Int: [FragmentSpread]] = [:]
    private var referencedFragmentsByOperation: [Int: [FragmentDefinition]] = [:]
    private var variableUsagesByNode: [Int: [VariableUsage]] = [:]

    init(schema: Schema, document: Document, options: ValidationOptions) {
        self.schema = schema
        self.document = document
        self.options = options
        self.typeInfo = TypeInfo(schema: schema)
        var fragments: [String: FragmentDefinition] = [:]
        for case .executable(.fragment(let fragment)) in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// Records a validation error at the start of each of `locations`. Past `maxErrors`,
    /// records graphql-js's "Too many validation errors" error instead and aborts the walk.
    public func report(_ message: String, at locations: [Location]) {
        guard !isAborted else { return }
        if errors.count >= options.maxErrors {
            errors.append(
                GraphQLError(
                    "Too many validation errors, error limit reached. Validation aborted.",
                    code: .validationFailed))
            isAborted = true
            return
        }
        errors.append(
            GraphQLError(
                message, source: document.source, at: locations.map(\.start),
                code: .validationFailed))
    }

    /// ` Did you mean …?` for these suggestions, or nothing when suggestions are hidden.
    func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
        options.hideSuggestions ? "" : Suggestions.didYouMean(suggestions, subject: subject)
    }

    /// The options close to `input`, or none when suggestions are hidden.
    func suggestions(for input: String, among options: [String]) -> [String] {
        self.options.hideSuggestions ? [] : Suggestions.list(for: input, among: options)
    }

    /// The fragment spreads directly in a selection set (inline fragments and sub-fields
    /// included, other fragments not followed), in graphql-js's order.
    func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        if let known = spreadsBySelectionSet[selectionSet.location.start] { return known }
        var spreads: [FragmentSpread] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            // Read in place: a `for … in` loop copies each selection.
            set.selections.withUnsafeBufferPointer { selections in
                for index in selections.indices {
                    switch selections[index] {
                    case .fragmentSpread(let spread): spreads.append(spread)
                    case .field(let field):
                        if let inner = field.selectionSet { pending.append(inner) }
                    case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                    }
                }
            }
        }
        spreadsBySelectionSet[selectionSet.location.start] = spreads
        return spreads
    }

    /// Every fragment an operation uses, directly or through other fragments, each once.
    func recursivelyReferencedFragments(_ operation: OperationDefinition) -> [FragmentDefinition] {
        if let known = referencedFragmentsByOperation[operation.location.start] { return known }
        var found: [FragmentDefinition] = []
        var collected: Set<String> = []
        var pending = [operation.selectionSet]
        while let set = pending.popLast() {
            for spread in fragmentSpreads(in: set) where collected.insert(spread.name.value).inserted {
                if let fragment = fragments[spread.name.value] {
                    found.append(fragment)
                    pending.append(fragment.selectionSet)
                }
            }
        }
        referencedFragmentsByOperation[operation.location.start] = found
        return found
    }

    /// Every use of a variable in an operation and the fragments it uses, with the type
    /// expected where it stands.
    func recursiveVariableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
        var usages = variableUsages(
            in: operation.selectionSet, directives: operation.directives,
            key: operation.location.start
        ) { $0.enterOperation(operation) }
        for fragment in recursivelyReferencedFragments(operation) {
            usages += variableUsages(
                in: fragment.selectionSet, directives: fragment.directives,
                key: fragment.location.start
            ) { $0.enterFragment(typeCondition: fragment.typeCondition) }
        }
        return usages
    }

    private func variableUsages(
        in selectionSet: SelectionSet, directives: [Directive], key: Int,
        start: (inout TypeInfo) -> Void
    ) -> [VariableUsage] {
        if let known = variableUsagesByNode[key] { return known }
        var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema))
        start(&collector.typeInfo)
        collector.collect(selectionSet, directives: directives, source: document.source)
        variableUsagesByNode[key] = collector.usages
        return collector.usages
    }
}

/// A variable used somewhere in an operation, with what the schema expects there.
struct VariableUsage {
    let variable: Variable
    /// The input type expected at that position, when known.
    let type: TypeReference?
    /// The default of the argument or input field the variable is given to, if any.
    let defaultValue: ConstValueNode?
    /// The list or input object type around the position (for `@oneOf` checks).
    let parentType: TypeReference?
}
