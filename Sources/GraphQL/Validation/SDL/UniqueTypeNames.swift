/// Unique type names (section 3.4): all types within a schema must have unique names, and
/// a document extending a schema may not define a type it already has.
struct UniqueTypeNames: SDLRuleVisitor {
    private let schema: Schema?
    private var known: [String: Name] = [:]

    init(context: SDLContext) {
        schema = context.schema
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .typeDefinition(let definition) = node else { return }
        let name = definition.name
        if schema?[name.value] != nil {
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
        "Type \"\(name)\" already exists in the schema. It cannot also be defined in this type "
            + "definition."
    }

    static func onlyOne(_ name: String) -> String {
        "There can be only one type named \"\(name)\"."
    }
}
