/// A named type of a schema: one of the six kinds of section 3.
public enum NamedType: Sendable {
    case scalar(ScalarType)
    case object(ObjectType)
    case interface(InterfaceType)
    case union(UnionType)
    case enumeration(EnumType)
    case inputObject(InputObjectType)

    public var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .interface(let type): type.name
        case .union(let type): type.name
        case .enumeration(let type): type.name
        case .inputObject(let type): type.name
        }
    }

    public var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .interface(let type): type.description
        case .union(let type): type.description
        case .enumeration(let type): type.description
        case .inputObject(let type): type.description
        }
    }

    /// Scalars and enums: types that end a selection (section 5.3.3).
    public var isLeaf: Bool {
        switch self {
        case .scalar, .enumeration: true
        default: false
        }
    }

    /// Objects, interfaces and unions: types that need a selection set.
    public var isComposite: Bool {
        switch self {
        case .object, .interface, .union: true
        default: false
        }
    }

    /// Scalars, enums and input objects (section 3.4.2).
    public var isInputType: Bool {
        switch self {
        case .scalar, .enumeration, .inputObject: true
        default: false
        }
    }

    /// Scalars, objects, interfaces, unions and enums.
    public var isOutputType: Bool {
        if case .inputObject = self { return false }
        return true
    }

    /// Objects and interfaces: the kinds that have fields with arguments.
    public var fields: [FieldDefinitionInfo]? {
        switch self {
        case .object(let type): type.fields
        case .interface(let type): type.fields
        default: nil
        }
    }

    /// A field of an object or interface, by name.
    public func field(named name: String) -> FieldDefinitionInfo? {
        switch self {
        case .object(let type): type.field(named: name)
        case .interface(let type): type.field(named: name)
        default: nil
        }
    }

    /// The introspection `__TypeKind` name: `OBJECT`, `INPUT_OBJECT`, ….
    public var kindName: String {
        switch self {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enumeration: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
    }

    /// Where the type was defined, when it came from SDL.
    public var location: Location? {
        switch self {
        case .scalar(let type): type.location
        case .object(let type): type.location
        case .interface(let type): type.location
        case .union(let type): type.location
        case .enumeration(let type): type.location
        case .inputObject(let type): type.location
        }
    }
}

/// How a scalar turns input into its internal value and its internal value into output.
///
/// Custom scalars built from SDL have none and pass values through unchanged; the
/// application attaches one (for example `DateTime`'s RFC 3339 check) when it binds its
/// resolvers.
public struct ScalarCoercion: Sendable {
    /// Input from a variable's JSON value; throws a message on a bad value.
    public var parseValue: @Sendable (Value) throws(CoercionFailure) -> Value
    /// Input from a literal in the document (variables already substituted).
    public var parseLiteral: @Sendable (Value) throws(CoercionFailure) -> Value
    /// Output: the resolver's value to what the response holds.
    public var serialize: @Sendable (Value) throws(CoercionFailure) -> Value

    public init(
        parseValue: @escaping @Sendable (Value) throws(CoercionFailure) -> Value,
        parseLiteral: @escaping @Sendable (Value) throws(CoercionFailure) -> Value,
        serialize: @escaping @Sendable (Value) throws(CoercionFailure) -> Value
    ) {
        self.parseValue = parseValue
        self.parseLiteral = parseLiteral
        self.serialize = serialize
    }
}

/// Why a value could not be coerced: a message in graphql-js's words.
public struct CoercionFailure: Error, Sendable, Hashable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// `scalar Name @specifiedBy(url: …)`
public struct ScalarType: Sendable {
    public var name: String
    public var description: String?
    public var specifiedByURL: String?
    public var coercion: ScalarCoercion?
    public var location: Location?
    /// The directives applied to it in SDL, in order, the specified ones included (e.g.
    /// `@cost`, `@listSize`), so that tools can read what the schema says beyond the model.
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, specifiedByURL: String? = nil,
        coercion: ScalarCoercion? = nil, location: Location? = nil,
        appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.coercion = coercion
        self.location = location
        self.appliedDirectives = appliedDirectives
    }
}

/// A field of an object or interface.
public struct FieldDefinitionInfo: Sendable {
    public var name: String
    public var description: String?
    public var arguments: [InputValueInfo]
    public var type: TypeReference
    /// Set by `@deprecated`; nil when the field is not deprecated.
    public var deprecationReason: String?
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, arguments: [InputValueInfo] = [],
        type: TypeReference, deprecationReason: String? = nil, location: Location? = nil,
        appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.location = location
        self.appliedDirectives = appliedDirectives
    }

    public func argument(named name: String) -> InputValueInfo? {
        arguments.first { $0.name == name }
    }
}

/// An argument or an input object field.
public struct InputValueInfo: Sendable {
    public var name: String
    public var description: String?
    public var type: TypeReference
    /// The default as written in SDL; nil when there is none (absent, not null).
    public var defaultValue: ConstValueNode?
    public var deprecationReason: String?
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, type: TypeReference,
        defaultValue: ConstValueNode? = nil, deprecationReason: String? = nil,
        location: Location? = nil, appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.location = location
        self.appliedDirectives = appliedDirectives
    }
}

/// `type Name implements I & J { fields }`
public struct ObjectType: Sendable {
    public var name: String
    public var description: String?
    public var interfaces: [String]
    public var fields: [FieldDefinitionInfo]
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]
    private var fieldIndex: [String: Int]

    public init(
        name: String, description: String? = nil, interfaces: [String] = [],
        fields: [FieldDefinitionInfo], location: Location? = nil,
        appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.fields = fields
        self.location = location
        self.appliedDirectives = appliedDirectives
        self.fieldIndex = Self.index(fields)
    }

    public func field(named name: String) -> FieldDefinitionInfo? {
        fieldIndex[name].map { fields[$0] }
    }

    static func index(_ fields: [FieldDefinitionInfo]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() where index[field.name] == nil {
            index[field.name] = position
        }
        return index
    }
}

/// `interface Name implements I { fields }`
public struct InterfaceType: Sendable {
    public var name: String
    public var description: String?
    public var interfaces: [String]
    public var fields: [FieldDefinitionInfo]
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]
    private var fieldIndex: [String: Int]

    public init(
        name: String, description: String? = nil, interfaces: [String] = [],
        fields: [FieldDefinitionInfo], location: Location? = nil,
        appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.fields = fields
        self.location = location
        self.appliedDirectives = appliedDirectives
        self.fieldIndex = ObjectType.index(fields)
    }

    public func field(named name: String) -> FieldDefinitionInfo? {
        fieldIndex[name].map { fields[$0] }
    }
}

/// `union Name = A | B`
public struct UnionType: Sendable {
    public var name: String
    public var description: String?
    public var members: [String]
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, members: [String], location: Location? = nil,
        appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.members = members
        self.location = location
        self.appliedDirectives = appliedDirectives
    }
}

/// One value of an enum.
public struct EnumValueInfo: Sendable {
    public var name: String
    public var description: String?
    public var deprecationReason: String?
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, deprecationReason: String? = nil,
        location: Location? = nil, appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.location = location
        self.appliedDirectives = appliedDirectives
    }
}

/// `enum Name { A B }`
public struct EnumType: Sendable {
    public var name: String
    public var description: String?
    public var values: [EnumValueInfo]
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, values: [EnumValueInfo],
        location: Location? = nil, appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.values = values
        self.location = location
        self.appliedDirectives = appliedDirectives
    }

    public func value(named name: String) -> EnumValueInfo? {
        values.first { $0.name == name }
    }
}

/// `input Name @oneOf { fields }`
public struct InputObjectType: Sendable {
    public var name: String
    public var description: String?
    public var fields: [InputValueInfo]
    /// Set by `@oneOf`: exactly one field must be given, and it must not be null.
    public var isOneOf: Bool
    public var location: Location?
    /// The directives applied to it in SDL, in order (see `ScalarType.appliedDirectives`).
    public var appliedDirectives: [ConstDirective]

    public init(
        name: String, description: String? = nil, fields: [InputValueInfo],
        isOneOf: Bool = false, location: Location? = nil, appliedDirectives: [ConstDirective] = []
    ) {
        self.name = name
        self.description = description
        self.fields = fields
        self.isOneOf = isOneOf
        self.location = location
        self.appliedDirectives = appliedDirectives
    }

    public func field(named name: String) -> InputValueInfo? {
        fields.first { $0.name == name }
    }
}

/// Where a directive may appear (section 3.13).
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}

/// `directive @name(args) repeatable on LOCATIONS`
public struct DirectiveInfo: Sendable {
    public var name: String
    public var description: String?
    public var arguments: [InputValueInfo]
    public var isRepeatable: Bool
    public var locations: [DirectiveLocation]
    public var location: Location?

    public init(
        name: String, description: String? = nil, arguments: [InputValueInfo] = [],
        isRepeatable: Bool = false, locations: [DirectiveLocation], location: Location? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }

    public func argument(named name: String) -> InputValueInfo? {
        arguments.first { $0.name == name }
    }
}
