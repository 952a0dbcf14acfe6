/// Unique directive names (section 3.13): all directives within a schema must have unique
/// names, and a document extending a schema may not redefine one it already has.
struct UniqueDirectiveNames: SDLRuleVisitor {
    private let schema: Schema?
    private var known: [String: Name] = [:]

    init(context: SDLContext) {
        schema = context.schema
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .directiveDefinition(let directive) = node else { return }
        let name = directive.name
        if schema?.directives[name.value] != nil {
            context.report(Self.alreadyExists(name.value), [name.location])
            return
        }
        if let previous = known[name.value] {
            context.report(Self.onlyOne(name.value), [previous.location, name.location])
        } else {
            known[name.value] = name
        }
    }

    static func alreadyExists(_ name: String) -> String {
        "Directive \"@\(name)\" already exists in the schema. It cannot be redefined."
    }

    static func onlyOne(_ name: String) -> String {
        "There can be only one directive named \"@\(name)\"."
    }
}
