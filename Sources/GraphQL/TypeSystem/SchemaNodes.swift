/// Where each part of a schema was written: the definitions and extensions of a type-system
/// document, indexed by name, so schema validation can point at the exact node graphql-js
/// points at (a field's type, an `implements` entry, a `@deprecated`, …).
struct SchemaNodes {
    let source: Source
    /// The schema definition, if the document has one.
    let schemaDefinition: SchemaDefinition?
    /// The schema definition (if any) followed by the schema extensions.
    let schema: [SchemaDefinition]
    /// For each type name: its definition (if any) followed by its extensions, in order.
    private let types: [String: [TypeDefinition]]
    private let directives: [String: DirectiveDefinition]

    init(_ document: TypeSystemDocument) {
        source = document.source
        var schemaDefinition: [SchemaDefinition] = []
        var schemaExtensions: [SchemaDefinition] = []
        var definitions: [String: TypeDefinition] = [:]
        var extensions: [String: [TypeDefinition]] = [:]
        var directives: [String: DirectiveDefinition] = [:]
        for definition in document.definitions {
            switch definition {
            case .schema(let node): if schemaDefinition.isEmpty { schemaDefinition = [node] }
            case .schemaExtension(let node): schemaExtensions.append(node)
            case .type(let node):
                if definitions[node.name.value] == nil { definitions[node.name.value] = node }
            case .typeExtension(let node): extensions[node.name.value, default: []].append(node)
            case .directive(let node):
                if directives[node.name.value] == nil { directives[node.name.value] = node }
            }
        }
        self.schemaDefinition = schemaDefinition.first
        schema = schemaDefinition + schemaExtensions
        var types: [String: [TypeDefinition]] = [:]
        for (name, definition) in definitions {
            let sameKind = (extensions[name] ?? []).filter {
                SchemaAssembler.sameKind($0.kind, definition.kind)
            }
            types[name] = [definition] + sameKind
        }
        self.types = types
        self.directives = directives
    }

    /// A type's definition and extensions.
    func typeNodes(_ name: String) -> [TypeDefinition] { types[name] ?? [] }

    /// A type's definition.
    func typeDefinition(_ name: String) -> TypeDefinition? { types[name]?.first }

    /// The type named for an operation in the schema definition or an extension.
    func operationTypeName(_ operation: OperationType) -> Name? {
        schema.flatMap(\.operationTypes).first { $0.operation == operation }?.type
    }

    func field(_ typeName: String, _ fieldName: String) -> FieldDefinition? {
        for node in typeNodes(typeName) {
            switch node.kind {
            case .object(_, let fields), .interface(_, let fields):
                if let field = fields.first(where: { $0.name.value == fieldName }) { return field }
            default: break
            }
        }
        return nil
    }

    func argument(_ typeName: String, _ fieldName: String, _ name: String) -> InputValueDefinition? {
        field(typeName, fieldName)?.arguments.first { $0.name.value == name }
    }

    func inputField(_ typeName: String, _ fieldName: String) -> InputValueDefinition? {
        for node in typeNodes(typeName) {
            if case .inputObject(let fields) = node.kind,
                let field = fields.first(where: { $0.name.value == fieldName })
            {
                return field
            }
        }
        return nil
    }

    func enumValue(_ typeName: String, _ valueName: String) -> EnumValueDefinition? {
        for node in typeNodes(typeName) {
            if case .enumeration(let values) = node.kind,
                let value = values.first(where: { $0.name.value == valueName })
            {
                return value
            }
        }
        return nil
    }

    func directive(_ name: String) -> DirectiveDefinition? { directives[name] }

    func directiveArgument(_ directiveName: String, _ name: String) -> InputValueDefinition? {
        directives[directiveName]?.arguments.first { $0.name.value == name }
    }

    /// Every `implements` entry of a type (definition and extensions) naming `interface`.
    func implementsNames(_ typeName: String, _ interface: String) -> [Name] {
        typeNodes(typeName).flatMap { node -> [Name] in
            switch node.kind {
            case .object(let names, _), .interface(let names, _):
                names.filter { $0.value == interface }
            default: []
            }
        }
    }

    /// Every member entry of a union (definition and extensions) naming `member`.
    func memberNames(_ unionName: String, _ member: String) -> [Name] {
        typeNodes(unionName).flatMap { node -> [Name] in
            if case .union(let names) = node.kind { return names.filter { $0.value == member } }
            return []
        }
    }
}

extension InputValueDefinition {
    /// The `@deprecated` applied to this argument or input field, if any.
    var deprecatedDirective: ConstDirective? {
        directives.first { $0.name.value == "deprecated" }
    }
}
