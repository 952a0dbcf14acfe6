extension SchemaAssembler {
    /// A named type from its definition and its extensions, in order.
    mutating func buildType(
        _ definition: TypeDefinition, extensions allExtensions: [TypeDefinition]
    ) -> NamedType {
        let name = definition.name.value
        let description = definition.description?.value
        let location = definition.location
        let extensions = allExtensions.filter { Self.sameKind($0.kind, definition.kind) }
        let nodes = [definition] + extensions
        let applied = nodes.flatMap(\.directives)
        switch definition.kind {
        case .scalar:
            return .scalar(ScalarType(
                name: name, description: description,
                specifiedByURL: specifiedByURL(definition.directives), location: location,
                appliedDirectives: applied))
        case .object:
            let (interfaces, fields) = Self.interfacesAndFields(nodes)
            return .object(ObjectType(
                name: name, description: description, interfaces: interfaces,
                fields: fields.map { buildField($0) }, location: location, appliedDirectives: applied))
        case .interface:
            let (interfaces, fields) = Self.interfacesAndFields(nodes)
            return .interface(InterfaceType(
                name: name, description: description, interfaces: interfaces,
                fields: fields.map { buildField($0) }, location: location, appliedDirectives: applied))
        case .union:
            let members = nodes.flatMap { node -> [Name] in
                if case .union(let members) = node.kind { return members }
                return []
            }
            return .union(UnionType(
                name: name, description: description, members: members.map(\.value),
                location: location, appliedDirectives: applied))
        case .enumeration:
            let values = nodes.flatMap { node -> [EnumValueDefinition] in
                if case .enumeration(let values) = node.kind { return values }
                return []
            }
            return .enumeration(EnumType(
                name: name, description: description,
                values: values.map { value in
                    EnumValueInfo(
                        name: value.name.value, description: value.description?.value,
                        deprecationReason: deprecationReason(value.directives),
                        location: value.location, appliedDirectives: value.directives)
                }, location: location, appliedDirectives: applied))
        case .inputObject:
            let fields = nodes.flatMap { node -> [InputValueDefinition] in
                if case .inputObject(let fields) = node.kind { return fields }
                return []
            }
            return .inputObject(InputObjectType(
                name: name, description: description,
                fields: fields.map { buildInputValue($0) },
                isOneOf: definition.directives.contains { $0.name.value == "oneOf" },
                location: location, appliedDirectives: applied))
        }
    }

    mutating func buildField(_ node: FieldDefinition) -> FieldDefinitionInfo {
        FieldDefinitionInfo(
            name: node.name.value, description: node.description?.value,
            arguments: node.arguments.map { buildInputValue($0) }, type: TypeReference(node.type),
            deprecationReason: deprecationReason(node.directives), location: node.location,
            appliedDirectives: node.directives)
    }

    mutating func buildInputValue(_ node: InputValueDefinition) -> InputValueInfo {
        InputValueInfo(
            name: node.name.value, description: node.description?.value,
            type: TypeReference(node.type), defaultValue: node.defaultValue,
            deprecationReason: deprecationReason(node.directives), location: node.location,
            appliedDirectives: node.directives)
    }

    mutating func buildDirective(_ node: DirectiveDefinition) -> DirectiveInfo {
        DirectiveInfo(
            name: node.name.value, description: node.description?.value,
            arguments: node.arguments.map { buildInputValue($0) },
            isRepeatable: node.isRepeatable,
            locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            location: node.location)
    }

    /// `@deprecated(reason:)`: nil when absent, the default reason when the argument is.
    mutating func deprecationReason(_ directives: [ConstDirective]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else {
            return nil
        }
        guard let argument = directive.arguments.first(where: { $0.name.value == "reason" })
        else { return SpecifiedDirectives.defaultDeprecationReason }
        return stringArgument(argument)
    }

    /// `@specifiedBy(url:)` on a scalar's definition, when present.
    mutating func specifiedByURL(_ directives: [ConstDirective]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "specifiedBy" }),
            let argument = directive.arguments.first(where: { $0.name.value == "url" })
        else { return nil }
        return stringArgument(argument)
    }

    /// A `String` argument's value; null gives nil, anything else is reported.
    private mutating func stringArgument(_ argument: ConstArgument) -> String? {
        switch argument.value.kind {
        case .string(let text, _): return text
        case .null: return nil
        default:
            errors.append(GraphQLError(
                "Argument \"\(argument.name.value)\" has invalid value "
                    + "\(Printer.print(argument.value)).",
                source: document.source, at: [argument.value.location.start]))
            return nil
        }
    }

    private static func interfacesAndFields(
        _ nodes: [TypeDefinition]
    ) -> ([String], [FieldDefinition]) {
        var interfaces: [String] = []
        var fields: [FieldDefinition] = []
        for node in nodes {
            switch node.kind {
            case .object(let names, let more), .interface(let names, let more):
                interfaces += names.map(\.value)
                fields += more
            default: break
            }
        }
        return (interfaces, fields)
    }

    static func sameKind(_ a: TypeDefinition.Kind, _ b: TypeDefinition.Kind) -> Bool {
        switch (a, b) {
        case (.scalar, .scalar), (.object, .object), (.interface, .interface),
            (.union, .union), (.enumeration, .enumeration), (.inputObject, .inputObject):
            true
        default: false
        }
    }
}
