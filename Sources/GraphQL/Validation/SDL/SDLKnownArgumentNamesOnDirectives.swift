/// Argument names (section 5.4.1), for directives in type-system documents: every
/// argument given to a directive must be defined by that directive.
struct SDLKnownArgumentNamesOnDirectives: SDLRuleVisitor {
    private var arguments: [String: [String]] = [:]

    init(context: SDLContext) {
        for directive in context.existingDirectives {
            arguments[directive.name] = directive.arguments.map(\.name)
        }
        for definition in context.directiveDefinitions {
            arguments[definition.name.value] = definition.arguments.map(\.name.value)
        }
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .directive(let directive, _) = node,
            let known = arguments[directive.name.value]
        else { return }
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let suggestions = Suggestions.list(for: argument.name.value, among: known)
            context.report(
                Self.unknownArgument(argument.name.value, directive.name.value, suggestions),
                [argument.location])
        }
    }

    static func unknownArgument(
        _ argumentName: String, _ directiveName: String, _ suggestions: [String]
    ) -> String {
        "Unknown argument \"\(argumentName)\" on directive \"@\(directiveName)\"."
            + Suggestions.didYouMean(suggestions)
    }
}
