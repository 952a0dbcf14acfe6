/// Directives are defined and in valid locations (sections 5.7.1, 5.7.2), in type-system
/// documents: every directive used must be defined, and used only where its definition
/// allows.
struct SDLKnownDirectives: SDLRuleVisitor {
    private var locations: [String: [String]] = [:]

    init(context: SDLContext) {
        for directive in context.existingDirectives {
            locations[directive.name] = directive.locations.map(\.rawValue)
        }
        for definition in context.directiveDefinitions {
            locations[definition.name.value] = definition.locations.map(\.value)
        }
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .directive(let directive, let location) = node else { return }
        let name = directive.name.value
        guard let allowed = locations[name] else {
            context.report(Self.unknown(name), [directive.location])
            return
        }
        if !allowed.contains(location.rawValue) {
            context.report(Self.misplaced(name, location), [directive.location])
        }
    }

    static func unknown(_ name: String) -> String {
        "Unknown directive \"@\(name)\"."
    }

    static func misplaced(_ name: String, _ location: DirectiveLocation) -> String {
        "Directive \"@\(name)\" may not be used on \(location.rawValue)."
    }
}
