/// Type-system definitions (section 3): schema, the six kinds of named type, directives.
extension SyntaxParser {
    /// SchemaDefinition: Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
    mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives: [ConstDirective] = try parseDirectives()
        try expect(.braceLeft)
        var operationTypes: [RootOperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseRootOperationTypeDefinition())
        } while !(try expectOptional(.braceRight))
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes,
            location: location(from: start))
    }

    /// RootOperationTypeDefinition: OperationType : NamedType
    mutating func parseRootOperationTypeDefinition() throws(GraphQLError) -> RootOperationTypeDefinition {
        let start = token.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseName()
        return RootOperationTypeDefinition(
            operation: operation, type: type, location: location(from: start))
    }

    /// ScalarTypeDefinition: Description? scalar Name Directives[Const]?
    mutating func parseScalarTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives: [ConstDirective] = try parseDirectives()
        return TypeDefinition(
            description: description, name: name, directives: directives, kind: .scalar,
            location: location(from: start))
    }

    /// ObjectTypeDefinition: Description? type Name ImplementsInterfaces? Directives[Const]?
    /// FieldsDefinition?
    mutating func parseObjectTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives: [ConstDirective] = try parseDirectives()
        let fields = try parseFieldsDefinition()
        return TypeDefinition(
            description: description, name: name, directives: directives,
            kind: .object(interfaces: interfaces, fields: fields), location: location(from: start))
    }

    /// InterfaceTypeDefinition: Description? interface Name ImplementsInterfaces?
    /// Directives[Const]? FieldsDefinition?
    mutating func parseInterfaceTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives: [ConstDirective] = try parseDirectives()
        let fields = try parseFieldsDefinition()
        return TypeDefinition(
            description: description, name: name, directives: directives,
            kind: .interface(interfaces: interfaces, fields: fields),
            location: location(from: start))
    }

    /// ImplementsInterfaces: ImplementsInterfaces & NamedType | implements &? NamedType
    mutating func parseImplementsInterfaces() throws(GraphQLError) -> [Name] {
        guard try expectOptionalKeyword("implements") else { return [] }
        _ = try expectOptional(.amp)
        var interfaces: [Name] = []
        repeat {
            interfaces.append(try parseName())
        } while try expectOptional(.amp)
        return interfaces
    }

    /// FieldsDefinition: { FieldDefinition+ }
    mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinition] {
        guard try expectOptional(.braceLeft) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            fields.append(try parseFieldDefinition())
        } while !(try expectOptional(.braceRight))
        return fields
    }

    /// FieldDefinition: Description? Name ArgumentsDefinition? : Type Directives[Const]?
    mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives: [ConstDirective] = try parseDirectives()
        return FieldDefinition(
            description: description, name: name, arguments: arguments, type: type,
            directives: directives, location: location(from: start))
    }

    /// ArgumentsDefinition: ( InputValueDefinition+ )
    mutating func parseArgumentsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.parenLeft) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while !(try expectOptional(.parenRight))
        return arguments
    }

    /// InputValueDefinition: Description? Name : Type DefaultValue? Directives[Const]?
    ///
    /// DefaultValue: = Value[Const]
    mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue: ConstValueNode? =
            try expectOptional(.equals) ? try parseValueLiteral() : nil
        let directives: [ConstDirective] = try parseDirectives()
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue,
            directives: directives, location: location(from: start))
    }

    /// UnionTypeDefinition: Description? union Name Directives[Const]? UnionMemberTypes?
    mutating func parseUnionTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives: [ConstDirective] = try parseDirectives()
        let members = try parseUnionMemberTypes()
        return TypeDefinition(
            description: description, name: name, directives: directives,
            kind: .union(members: members), location: location(from: start))
    }

    /// UnionMemberTypes: UnionMemberTypes | NamedType | = |? NamedType
    mutating func parseUnionMemberTypes() throws(GraphQLError) -> [Name] {
        guard try expectOptional(.equals) else { return [] }
        _ = try expectOptional(.pipe)
        var members: [Name] = []
        repeat {
            members.append(try parseName())
        } while try expectOptional(.pipe)
        return members
    }

    /// EnumTypeDefinition: Description? enum Name Directives[Const]? EnumValuesDefinition?
    mutating func parseEnumTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives: [ConstDirective] = try parseDirectives()
        let values = try parseEnumValuesDefinition()
        return TypeDefinition(
            description: description, name: name, directives: directives,
            kind: .enumeration(values: values), location: location(from: start))
    }

    /// EnumValuesDefinition: { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceLeft) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            values.append(try parseEnumValueDefinition())
        } while !(try expectOptional(.braceRight))
        return values
    }

    /// EnumValueDefinition: Description? EnumValue Directives[Const]?
    ///
    /// EnumValue: Name but not `true`, `false` or `null`
    mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinition {
        let start = token.start
        let description = try parseDescription()
        if isKeyword("true") || isKeyword("false") || isKeyword("null") {
            throw syntaxError(
                "\(describe(token)) is reserved and cannot be used for an enum value.",
                at: token.start)
        }
        let name = try parseName()
        let directives: [ConstDirective] = try parseDirectives()
        return EnumValueDefinition(
            description: description, name: name, directives: directives,
            location: location(from: start))
    }

    /// InputObjectTypeDefinition: Description? input Name Directives[Const]?
    /// InputFieldsDefinition?
    mutating func parseInputObjectTypeDefinition() throws(GraphQLError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives: [ConstDirective] = try parseDirectives()
        let fields = try parseInputFieldsDefinition()
        return TypeDefinition(
            description: description, name: name, directives: directives,
            kind: .inputObject(fields: fields), location: location(from: start))
    }

    /// InputFieldsDefinition: { InputValueDefinition+ }
    mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.braceLeft) else { return [] }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while !(try expectOptional(.braceRight))
        return fields
    }

    /// DirectiveDefinition: Description? directive @ Name ArgumentsDefinition? `repeatable`?
    /// on DirectiveLocations
    mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try parseDirectiveLocations()
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments,
            isRepeatable: isRepeatable, locations: locations, location: location(from: start))
    }

    /// DirectiveLocations: DirectiveLocations | DirectiveLocation | |? DirectiveLocation
    mutating func parseDirectiveLocations() throws(GraphQLError) -> [Name] {
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            let locationToken = token
            let name = try parseName()
            guard SyntaxParser.directiveLocations.contains(name.value) else {
                throw unexpected(locationToken)
            }
            locations.append(name)
        } while try expectOptional(.pipe)
        return locations
    }

    /// DirectiveLocation: ExecutableDirectiveLocation | TypeSystemDirectiveLocation
    static let directiveLocations: Set<String> = [
        "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
        "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT",
        "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
        "INPUT_OBJECT", "INPUT_FIELD_DEFINITION",
    ]
}
