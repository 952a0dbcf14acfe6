/// Argument uniqueness (section 5.4.2), for directives in type-system documents: a
/// directive may be given each argument at most once.
struct SDLUniqueArgumentNames: SDLRuleVisitor {
    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .directive(let directive, _) = node else { return }
        for (name, nodes) in sdlGroupedByName(directive.arguments.map(\.name))
        where nodes.count > 1 {
            context.report(Self.onlyOne(name), nodes.map(\.location))
        }
    }

    static func onlyOne(_ name: String) -> String {
        "There can be only one argument named \"\(name)\"."
    }
}
