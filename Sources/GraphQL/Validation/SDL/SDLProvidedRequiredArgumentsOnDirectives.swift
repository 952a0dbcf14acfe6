/// Required arguments (section 5.4.2.1), for directives in type-system documents: every
/// non-null argument without a default must be given.
struct SDLProvidedRequiredArgumentsOnDirectives: SDLRuleVisitor {
    /// For each directive, its required arguments and their types as written.
    private var required: [String: [(name: String, type: String)]] = [:]

    init(context: SDLContext) {
        for directive in context.existingDirectives {
            required[directive.name] = directive.arguments
                .filter { $0.type.isNonNull && $0.defaultValue == nil }
                .map { ($0.name, $0.type.description) }
        }
        for definition in context.directiveDefinitions {
            required[definition.name.value] = definition.arguments
                .filter {
                    if case .nonNull = $0.type, $0.defaultValue == nil { return true }
                    return false
                }
                .map { ($0.name.value, TypeReference($0.type).description) }
        }
    }

    mutating func leave(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .directive(let directive, _) = node,
            let arguments = required[directive.name.value]
        else { return }
        let given = Set(directive.arguments.map(\.name.value))
        for argument in arguments where !given.contains(argument.name) {
            context.report(
                Self.missing(directive.name.value, argument.name, argument.type),
                [directive.location])
        }
    }

    static func missing(_ directiveName: String, _ argumentName: String, _ type: String) -> String {
        "Directive \"@\(directiveName)\" argument \"\(argumentName)\" of type \"\(type)\" is "
            + "required, but it was not provided."
    }
}
