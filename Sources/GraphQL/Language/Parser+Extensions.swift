/// Type-system extensions (sections 3.1.3, 3.2.2, 3.4.3, 3.6.3, 3.7.2, 3.8.1, 3.9.1, 3.10.1).
///
/// An extension has no description and must add something: directives, fields, members,
/// values or operation types.
extension SyntaxParser {
    /// TypeSystemExtension: SchemaExtension | TypeExtension
    ///
    /// TypeExtension: ScalarTypeExtension | ObjectTypeExtension | InterfaceTypeExtension |
    /// UnionTypeExtension | EnumTypeExtension | InputObjectTypeExtension
    mutating func parseTypeSystemExtension() throws(GraphQLError) -> TypeSystemDefinition {
        let start = token.start
        try expectKeyword("extend")
        let keywordToken = token
        guard keywordToken.kind == .name else { throw unexpected(keywordToken) }
        switch text(of: keywordToken) {
        case "schema": return .schemaExtension(try parseSchemaExtension(from: start))
        case "scalar", "type", "interface", "union", "enum", "input":
            return .typeExtension(try parseTypeExtension(from: start))
        default: throw unexpected(keywordToken)
        }
    }

    /// SchemaExtension:
    ///   - extend schema Directives[Const]? { RootOperationTypeDefinition+ }
    ///   - extend schema Directives[Const] [lookahead != `{`]
    mutating func parseSchemaExtension(from start: Int) throws(GraphQLError) -> SchemaDefinition {
        try expectKeyword("schema")
        let directives: [ConstDirective] = try parseDirectives()
        var operationTypes: [RootOperationTypeDefinition] = []
        if try expectOptional(.braceLeft) {
            repeat {
                operationTypes.append(try parseRootOperationTypeDefinition())
            } while !(try expectOptional(.braceRight))
        }
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaDefinition(
            description: nil, directives: directives, operationTypes: operationTypes,
            location: location(from: start))
    }

    /// ScalarTypeExtension: extend scalar Name Directives[Const]
    ///
    /// ObjectTypeExtension / InterfaceTypeExtension: extend type|interface Name
    /// ImplementsInterfaces? Directives[Const]? FieldsDefinition (or without the fields, with
    /// directives or interfaces)
    ///
    /// UnionTypeExtension: extend union Name Directives[Const]? UnionMemberTypes (or only
    /// directives)
    ///
    /// EnumTypeExtension: extend enum Name Directives[Const]? EnumValuesDefinition (or only
    /// directives)
    ///
    /// InputObjectTypeExtension: extend input Name Directives[Const]? InputFieldsDefinition
    /// (or only directives)
    mutating func parseTypeExtension(from start: Int) throws(GraphQLError) -> TypeDefinition {
        let keyword = text(of: token)
        try advance()
        let name = try parseName()
        let kind: TypeDefinition.Kind
        let directives: [ConstDirective]
        let addsMembers: Bool
        switch keyword {
        case "type", "interface":
            let interfaces = try parseImplementsInterfaces()
            directives = try parseDirectives()
            let fields = try parseFieldsDefinition()
            kind =
                keyword == "type"
                ? .object(interfaces: interfaces, fields: fields)
                : .interface(interfaces: interfaces, fields: fields)
            addsMembers = !interfaces.isEmpty || !fields.isEmpty
        case "union":
            directives = try parseDirectives()
            let members = try parseUnionMemberTypes()
            kind = .union(members: members)
            addsMembers = !members.isEmpty
        case "enum":
            directives = try parseDirectives()
            let values = try parseEnumValuesDefinition()
            kind = .enumeration(values: values)
            addsMembers = !values.isEmpty
        case "input":
            directives = try parseDirectives()
            let fields = try parseInputFieldsDefinition()
            kind = .inputObject(fields: fields)
            addsMembers = !fields.isEmpty
        default:  // scalar
            directives = try parseDirectives()
            kind = .scalar
            addsMembers = false
        }
        if directives.isEmpty && !addsMembers { throw unexpected() }
        return TypeDefinition(
            description: nil, name: name, directives: directives, kind: kind,
            location: location(from: start))
    }
}
