/// Fragment Spread Type Existence (section 5.5.1.2): "For each named spread namedSpread in
/// the document, let fragment be the target of namedSpread. The target type of fragment
/// must be defined in the schema." The same holds for inline fragments' type conditions and
/// for variables' types (section 5.8.2): every type a document names must exist.
struct KnownTypeNamesRule: ValidationRule {
    static let name = "KnownTypeNamesRule"
    static let visitedNodes: VisitedNodes = [.document, .namedType]
    let context: ValidationContext
    /// Types defined in the document itself (only in a document that also fails
    /// `ExecutableDefinitions`), which graphql-js also accepts.
    private var definedTypes: Set<String> = []

    init(context: ValidationContext) { self.context = context }

    mutating func enterDocument(_ document: Document) {
        for case .typeSystem(.type(let type)) in document.definitions {
            definedTypes.insert(type.name.value)
        }
    }

    func enterNamedType(_ name: Name) {
        let typeName = name.value
        guard context.schema[typeName] == nil, !definedTypes.contains(typeName) else { return }
        let known = context.schema.typeNames + definedTypes.sorted()
        let suggestions = context.suggestions(for: typeName, among: known)
        context.report(
            Self.unknownType(typeName) + context.didYouMean(suggestions), at: [name.location])
    }

    static func unknownType(_ name: String) -> String { "Unknown type \"\(name)\"." }
}
