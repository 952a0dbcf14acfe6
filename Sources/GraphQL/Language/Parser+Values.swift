/// Arguments, values, directives and type references (sections 2.6, 2.9, 2.12, 2.11).
extension SyntaxParser {
    /// Arguments[Const]: ( Argument[?Const]+ )
    ///
    /// Inlined up to the `(`: most fields have no arguments, and then this costs one compare
    /// instead of a call.
    @inline(__always)
    mutating func parseArguments<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> [GenericArgument<Reference>]
    {
        peek(.parenLeft) ? try parseArgumentList() : []
    }

    /// The arguments from the current `(` on.
    private mutating func parseArgumentList<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> [GenericArgument<Reference>]
    {
        try advance()
        var arguments: [GenericArgument<Reference>] = []
        arguments.reserveCapacity(4)
        repeat {
            let start = token.start
            let name = try parseName()
            try expect(.colon)
            let value: GenericValueNode<Reference> = try parseValueLiteral()
            let location = location(from: start)
            // `consume`: without it the optimizer copies the value in and destroys the original.
            arguments.append(GenericArgument(name: consume name, value: consume value, location: location))
        } while !(try expectOptional(.parenRight))
        return arguments
    }

    /// Value[Const]: [~Const] Variable | IntValue | FloatValue | StringValue | BooleanValue |
    /// NullValue | EnumValue | ListValue[?Const] | ObjectValue[?Const]
    ///
    /// Whether a variable may appear is the `Reference` type: `Variable`, or `Never` for a
    /// constant.
    mutating func parseValueLiteral<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> GenericValueNode<Reference>
    {
        // Lists and objects recurse; the other kinds are read in a separate frame so that
        // this one, which deep nesting repeats, stays small.
        switch token.kind {
        case .bracketLeft: try parseList()
        case .braceLeft: try parseObject()
        default: try parseScalarValue()
        }
    }

    /// A value that holds no other value: a variable, number, string, boolean, null or enum
    /// value.
    private mutating func parseScalarValue<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> GenericValueNode<Reference>
    {
        let current = token
        let kind: GenericValueNode<Reference>.Kind
        switch current.kind {
        case .int:
            try advance()
            kind = .int(text(of: current))
        case .float:
            try advance()
            kind = .float(text(of: current))
        case .string, .blockString:
            try advance()
            kind = .string(lexer.stringValue(of: current), isBlock: current.kind == .blockString)
        case .name:
            // BooleanValue: one of `true` `false`; NullValue: `null`;
            // EnumValue: Name but not `true`, `false` or `null`
            try advance()
            if isKeyword("true", current) {
                kind = .boolean(true)
            } else if isKeyword("false", current) {
                kind = .boolean(false)
            } else if isKeyword("null", current) {
                kind = .null
            } else {
                kind = .enumValue(text(of: current))
            }
        case .dollar:
            kind = .variable(try Reference.parseReference(&self))
        default:
            throw unexpected()
        }
        return GenericValueNode(kind, location: Location(start: current.start, end: previousEnd))
    }

    /// ListValue[Const]: [ ] | [ Value[?Const]+ ]
    private mutating func parseList<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> GenericValueNode<Reference>
    {
        let start = token.start
        try enterNesting(at: start)
        try expect(.bracketLeft)
        var items: [GenericValueNode<Reference>] = []
        if !peek(.bracketRight) { items.reserveCapacity(4) }  // one allocation for short lists
        while !(try expectOptional(.bracketRight)) {
            items.append(try parseValueLiteral())
        }
        leaveNesting()
        return GenericValueNode(.list(items), location: location(from: start))
    }

    /// ObjectValue[Const]: { } | { ObjectField[?Const]+ }
    ///
    /// ObjectField[Const]: Name : Value[?Const]
    private mutating func parseObject<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> GenericValueNode<Reference>
    {
        let start = token.start
        try enterNesting(at: start)
        try expect(.braceLeft)
        var fields: [GenericObjectFieldNode<Reference>] = []
        if !peek(.braceRight) { fields.reserveCapacity(4) }
        while !(try expectOptional(.braceRight)) {
            let fieldStart = token.start
            let name = try parseName()
            try expect(.colon)
            let value: GenericValueNode<Reference> = try parseValueLiteral()
            let location = location(from: fieldStart)
            fields.append(
                GenericObjectFieldNode(name: consume name, value: consume value, location: location))
        }
        leaveNesting()
        return GenericValueNode(.object(fields), location: location(from: start))
    }

    /// Directives[Const]: Directive[?Const]+
    ///
    /// Directive[Const]: @ Name Arguments[?Const]?
    ///
    /// Inlined up to the first `@`, as `parseArguments` is up to its `(`.
    @inline(__always)
    mutating func parseDirectives<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> [GenericDirective<Reference>]
    {
        peek(.at) ? try parseDirectiveList() : []
    }

    /// The directives from the current `@` on.
    private mutating func parseDirectiveList<Reference: ParsedVariableReference>()
        throws(GraphQLError) -> [GenericDirective<Reference>]
    {
        var directives: [GenericDirective<Reference>] = []
        while peek(.at) {
            let start = token.start
            try advance()
            let name = try parseName()
            let arguments: [GenericArgument<Reference>] = try parseArguments()
            directives.append(
                GenericDirective(name: name, arguments: arguments, location: location(from: start)))
        }
        return directives
    }

    /// Type: NamedType | ListType | NonNullType
    ///
    /// ListType: [ Type ]; NonNullType: NamedType ! | ListType !
    mutating func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = token.start
        var type: TypeNode
        if peek(.bracketLeft) {
            try enterNesting(at: start)
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketRight)
            leaveNesting()
            type = .list(inner, location: location(from: start))
        } else {
            type = .named(try parseName())
        }
        if try expectOptional(.bang) {
            type = .nonNull(type, location: location(from: start))
        }
        return type
    }
}

/// What may stand where a value has `$`: a `Variable`, or nothing at all (`Never`) in a
/// constant value.
protocol ParsedVariableReference: Sendable & Hashable {
    /// Parses `$name` at the current token, or fails if variables are not allowed here.
    static func parseReference(_ parser: inout SyntaxParser) throws(GraphQLError) -> Self
}

extension Variable: ParsedVariableReference {
    static func parseReference(_ parser: inout SyntaxParser) throws(GraphQLError) -> Variable {
        try parser.parseVariable()
    }
}

extension Never: ParsedVariableReference {
    /// Default values and type-system directives are constant: `$x` there is an error.
    static func parseReference(_ parser: inout SyntaxParser) throws(GraphQLError) -> Never {
        let dollar = try parser.expect(.dollar)
        if parser.token.kind == .name {
            throw parser.syntaxError(
                "Unexpected variable \"$\(parser.text(of: parser.token))\" in constant value.",
                at: dollar.start)
        }
        throw parser.unexpected(dollar)
    }
}
