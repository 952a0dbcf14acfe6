/// Unique field definition names (sections 3.6, 3.7, 3.10): the fields of an object,
/// interface or input object, across its definition and extensions, must have unique names.
struct UniqueFieldDefinitionNames: SDLRuleVisitor {
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
        let fieldNames: [Name]
        switch definition.kind {
        case .object(_, let fields), .interface(_, let fields): fieldNames = fields.map(\.name)
        case .inputObject(let fields): fieldNames = fields.map(\.name)
        default: return
        }
        let typeName = definition.name.value
        var names = known[typeName] ?? [:]
        for name in fieldNames {
            if hasField(typeName, name.value) {
                context.report(Self.alreadyExists(typeName, name.value), [name.location])
            } else if let previous = names[name.value] {
                context.report(
                    Self.onlyOnce(typeName, name.value), [previous.location, name.location])
            } else {
                names[name.value] = name
            }
        }
        known[typeName] = names
    }

    private func hasField(_ typeName: String, _ fieldName: String) -> Bool {
        switch schema?[typeName] {
        case .object(let type)?: type.field(named: fieldName) != nil
        case .interface(let type)?: type.field(named: fieldName) != nil
        case .inputObject(let type)?: type.field(named: fieldName) != nil
        default: false
        }
    }

    static func alreadyExists(_ typeName: String, _ fieldName: String) -> String {
        "Field \"\(typeName).\(fieldName)\" already exists in the schema. It cannot also be "
            + "defined in this type extension."
    }

    static func onlyOnce(_ typeName: String, _ fieldName: String) -> String {
        "Field \"\(typeName).\(fieldName)\" can only be defined once."
    }
}
