/// Unique enum value names (section 3.9): the values of an enum, across its definition and
/// extensions, must have unique names.
struct UniqueEnumValueNames: SDLRuleVisitor {
    private let schema: Schema?
    private var known: [String: [String: Name]] = [:]

    init(context: SDLContext) {
        schema = context.schema
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        let definition: TypeDefinition
        switch node {
        case .typeDefinition(let node), .typeExtension(let node): definition = node
        default: return
        }
        guard case .enumeration(let values) = definition.kind else { return }
        let typeName = definition.name.value
        var names = known[typeName] ?? [:]
        for value in values {
            let valueName = value.name.value
            if case .enumeration(let existing)? = schema?[typeName],
                existing.value(named: valueName) != nil
            {
                context.report(Self.alreadyExists(typeName, valueName), [value.name.location])
            } else if let previous = names[valueName] {
                context.report(
                    Self.onlyOnce(typeName, valueName), [previous.location, value.name.location])
            } else {
                names[valueName] = value.name
            }
        }
        known[typeName] = names
    }

    static func alreadyExists(_ typeName: String, _ valueName: String) -> String {
        "Enum value \"\(typeName).\(valueName)\" already exists in the schema. It cannot also be "
            + "defined in this type extension."
    }

    static func onlyOnce(_ typeName: String, _ valueName: String) -> String {
        "Enum value \"\(typeName).\(valueName)\" can only be defined once."
    }
}
