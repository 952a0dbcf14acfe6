/// Directives Are Defined (section 5.7.1) and Directives Are In Valid Locations (5.7.2):
/// "For every directive in a document, let directiveName be the name of directive. Let
/// directiveDefinition be the directive named directiveName. directiveDefinition must
/// exist." and "… if directive is not a valid location for directiveDefinition, fail."
struct KnownDirectivesRule: ValidationRule {
    static let name = "KnownDirectivesRule"
    static let visitedNodes: VisitedNodes = .directive
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterDirective(_ directive: Directive, at location: DirectiveLocation) -> VisitAction {
        let name = directive.name.value
        guard let definition = context.schema.directives[name] else {
            context.report(Self.unknown(name), at: [directive.location])
            return .visitChildren
        }
        if !definition.locations.contains(location) {
            context.report(Self.misplaced(name, location), at: [directive.location])
        }
        return .visitChildren
    }

    static func unknown(_ name: String) -> String { "Unknown directive \"@\(name)\"." }

    static func misplaced(_ name: String, _ location: DirectiveLocation) -> String {
        "Directive \"@\(name)\" may not be used on \(location.rawValue)."
    }
}
