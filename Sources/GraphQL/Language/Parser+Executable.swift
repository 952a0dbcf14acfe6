/// Documents and executable definitions (sections 2.2 to 2.8).
extension SyntaxParser {
    /// Document: Definition+
    mutating func parseDocument() throws(GraphQLError) -> Document {
        var definitions: [Definition] = []
        definitions.reserveCapacity(8)
        repeat {
            definitions.append(try parseDefinition())
        } while token.kind != .endOfFile
        return Document(definitions: definitions, source: source)
    }

    /// Definition: ExecutableDefinition | TypeSystemDefinitionOrExtension
    ///
    /// A description may stand before any definition but a shorthand query or an extension.
    mutating func parseDefinition() throws(GraphQLError) -> Definition {
        if peek(.braceLeft) { return .executable(.operation(try parseOperationDefinition())) }
        let hasDescription = peek(.string) || peek(.blockString)
        let keywordToken = hasDescription ? try lookahead() : token
        if hasDescription && keywordToken.kind == .braceLeft {
            throw syntaxError(
                "Unexpected description, descriptions are not supported on shorthand queries.",
                at: token.start)
        }
        guard keywordToken.kind == .name else { throw unexpected(keywordToken) }
        // Executable definitions first, compared as bytes: they are what requests hold.
        if isKeyword("query", keywordToken) || isKeyword("mutation", keywordToken)
            || isKeyword("subscription", keywordToken)
        {
            return .executable(.operation(try parseOperationDefinition()))
        }
        if isKeyword("fragment", keywordToken) {
            return .executable(.fragment(try parseFragmentDefinition()))
        }
        switch text(of: keywordToken) {
        case "schema": return .typeSystem(.schema(try parseSchemaDefinition()))
        case "scalar": return .typeSystem(.type(try parseScalarTypeDefinition()))
        case "type": return .typeSystem(.type(try parseObjectTypeDefinition()))
        case "interface": return .typeSystem(.type(try parseInterfaceTypeDefinition()))
        case "union": return .typeSystem(.type(try parseUnionTypeDefinition()))
        case "enum": return .typeSystem(.type(try parseEnumTypeDefinition()))
        case "input": return .typeSystem(.type(try parseInputObjectTypeDefinition()))
        case "directive": return .typeSystem(.directive(try parseDirectiveDefinition()))
        case _ where hasDescription:
            throw syntaxError(
                "Unexpected description, only GraphQL definitions support descriptions.",
                at: token.start)
        case "extend": return .typeSystem(try parseTypeSystemExtension())
        default: throw unexpected(keywordToken)
        }
    }

    /// OperationDefinition:
    ///   - Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
    ///   - SelectionSet
    mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
        let start = token.start
        if peek(.braceLeft) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                description: nil, operation: .query, name: nil, variableDefinitions: [],
                directives: [], selectionSet: selectionSet, isShorthand: true,
                location: location(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives: [Directive] = try parseDirectives()
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            description: description, operation: operation, name: name,
            variableDefinitions: variableDefinitions, directives: directives,
            selectionSet: selectionSet, isShorthand: false, location: location(from: start))
    }

    /// OperationType: one of `query` `mutation` `subscription`
    mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = try expect(.name)
        if isKeyword("query", operationToken) { return .query }
        if isKeyword("mutation", operationToken) { return .mutation }
        if isKeyword("subscription", operationToken) { return .subscription }
        throw unexpected(operationToken)
    }

    /// VariablesDefinition: ( VariableDefinition+ )
    mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
        guard try expectOptional(.parenLeft) else { return [] }
        var definitions: [VariableDefinition] = []
        definitions.reserveCapacity(4)
        repeat {
            definitions.append(try parseVariableDefinition())
        } while !(try expectOptional(.parenRight))
        return definitions
    }

    /// VariableDefinition: Description? Variable : Type DefaultValue? Directives[Const]?
    mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
        let start = token.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue: ConstValueNode? =
            try expectOptional(.equals) ? try parseValueLiteral() : nil
        let directives: [ConstDirective] = try parseDirectives()
        return VariableDefinition(
            description: description, variable: variable, type: type,
            defaultValue: defaultValue, directives: directives, location: location(from: start))
    }

    /// Variable: $ Name
    mutating func parseVariable() throws(GraphQLError) -> Variable {
        let start = token.start
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, location: location(from: start))
    }

    /// SelectionSet: { Selection+ }
    mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        let start = token.start
        try enterNesting(at: start)
        try expect(.braceLeft)
        let first = selectionStack.count
        // Selection: Field | FragmentSpread | InlineFragment
        repeat {
            if peek(.spread) {
                selectionStack.push(try parseFragment())
            } else {
                selectionStack.push(.field(try parseField()))
            }
        } while !(try expectOptional(.braceRight))
        leaveNesting()
        return SelectionSet(
            selections: selectionStack.popArray(from: first), location: location(from: start))
    }

    /// Field: Alias? Name Arguments? Directives? SelectionSet?
    ///
    /// Alias: Name :
    mutating func parseField() throws(GraphQLError) -> Field {
        let start = token.start
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments: [Argument] = try parseArguments()
        let directives: [Directive] = try parseDirectives()
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives,
            selectionSet: selectionSet, location: location(from: start))
    }

    /// FragmentSpread: ... FragmentName Directives?
    ///
    /// InlineFragment: ... TypeCondition? Directives? SelectionSet
    mutating func parseFragment() throws(GraphQLError) -> Selection {
        let start = token.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            let directives: [Directive] = try parseDirectives()
            return .fragmentSpread(
                FragmentSpread(name: name, directives: directives, location: location(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseName() : nil
        let directives: [Directive] = try parseDirectives()
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
                location: location(from: start)))
    }

    /// FragmentDefinition: Description? fragment FragmentName TypeCondition Directives?
    /// SelectionSet
    ///
    /// TypeCondition: on NamedType
    mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives: [Directive] = try parseDirectives()
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            description: description, name: name, typeCondition: typeCondition,
            directives: directives, selectionSet: selectionSet, location: location(from: start))
    }

    /// FragmentName: Name but not `on`
    mutating func parseFragmentName() throws(GraphQLError) -> Name {
        if isKeyword("on") { throw unexpected() }
        return try parseName()
    }

    /// Name :: NameStart NameContinue* (the lexer checked the spelling)
    mutating func parseName() throws(GraphQLError) -> Name {
        let nameToken = try expect(.name)
        return Name(
            text(of: nameToken), location: Location(start: nameToken.start, end: nameToken.end))
    }

    /// Description: StringValue
    mutating func parseDescription() throws(GraphQLError) -> Description? {
        let current = token
        guard current.kind == .string || current.kind == .blockString else { return nil }
        try advance()
        return Description(
            value: lexer.stringValue(of: current), isBlock: current.kind == .blockString,
            location: Location(start: current.start, end: current.end))
    }
}
