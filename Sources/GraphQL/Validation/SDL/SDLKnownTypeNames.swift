/// Known type names, in type-system documents (section 3.4): every type a definition
/// refers to must be defined — in the document, in the schema it extends, or built in.
struct SDLKnownTypeNames: SDLRuleVisitor {
    private let known: Set<String>
    private let candidates: [String]

    init(context: SDLContext) {
        let existing = context.schema?.typeNames ?? []
        let defined = context.typeDefinitions.map(\.name.value)
        known = Set(existing + defined)
        candidates = Self.standardTypeNames + existing + defined
    }

    /// Built-in scalars and introspection types: always known in SDL.
    static let standardTypeNames = SpecifiedScalars.all.map(\.name)
        + IntrospectionTypes.all.map(\.name)

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .namedType(let name) = node else { return }
        if known.contains(name.value) || Self.standardTypeNames.contains(name.value) { return }
        let suggestions = Suggestions.list(for: name.value, among: candidates)
        context.report(Self.unknownType(name.value, suggestions), [name.location])
    }

    static func unknownType(_ name: String, _ suggestions: [String]) -> String {
        "Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions)
    }
}
