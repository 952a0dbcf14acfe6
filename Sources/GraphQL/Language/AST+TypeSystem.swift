/// schema Directives? { RootOperationTypeDefinition+ } (also `extend schema`, where the
/// braces may be absent).
public struct SchemaDefinition: Sendable, Hashable {
    public let description: Description?
    public let directives: [ConstDirective]
    public let operationTypes: [RootOperationTypeDefinition]
    public let location: Location

    public init(
        description: Description?, directives: [ConstDirective],
        operationTypes: [RootOperationTypeDefinition], location: Location
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// RootOperationTypeDefinition: OperationType : NamedType
public struct RootOperationTypeDefinition: Sendable, Hashable {
    public let operation: OperationType
    public let type: Name
    public let location: Location

    public init(operation: OperationType, type: Name, location: Location) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// InputValueDefinition: Description? Name : Type DefaultValue? Directives[Const]?
/// (arguments and input object fields).
public struct InputValueDefinition: Sendable, Hashable {
    public let description: Description?
    public let name: Name
    public let type: TypeNode
    public let defaultValue: ConstValueNode?
    public let directives: [ConstDirective]
    public let location: Location

    public init(
        description: Description?, name: Name, type: TypeNode, defaultValue: ConstValueNode?,
        directives: [ConstDirective], location: Location
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// FieldDefinition: Description? Name ArgumentsDefinition? : Type Directives[Const]?
public struct FieldDefinition: Sendable, Hashable {
    public let description: Description?
    public let name: Name
    public let arguments: [InputValueDefinition]
    public let type: TypeNode
    public let directives: [ConstDirective]
    public let location: Location

    public init(
        description: Description?, name: Name, arguments: [InputValueDefinition],
        type: TypeNode, directives: [ConstDirective], location: Location
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// EnumValueDefinition: Description? EnumValue Directives[Const]?
public struct EnumValueDefinition: Sendable, Hashable {
    public let description: Description?
    public let name: Name
    public let directives: [ConstDirective]
    public let location: Location

    public init(
        description: Description?, name: Name, directives: [ConstDirective], location: Location
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// A named type's definition or extension. For an extension, `description` is nil and the
/// lists hold only what the extension adds.
public struct TypeDefinition: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case scalar
        /// `type Name implements A & B { fields }`
        case object(interfaces: [Name], fields: [FieldDefinition])
        /// `interface Name implements A & B { fields }`
        case interface(interfaces: [Name], fields: [FieldDefinition])
        /// `union Name = A | B`
        case union(members: [Name])
        /// `enum Name { VALUES }`
        case enumeration(values: [EnumValueDefinition])
        /// `input Name { fields }`
        case inputObject(fields: [InputValueDefinition])
    }

    public let description: Description?
    public let name: Name
    public let directives: [ConstDirective]
    public let kind: Kind
    public let location: Location

    public init(
        description: Description?, name: Name, directives: [ConstDirective], kind: Kind,
        location: Location
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.kind = kind
        self.location = location
    }
}

/// DirectiveDefinition: Description? directive @ Name ArgumentsDefinition? repeatable?
/// on DirectiveLocations
public struct DirectiveDefinition: Sendable, Hashable {
    public let description: Description?
    public let name: Name
    public let arguments: [InputValueDefinition]
    public let isRepeatable: Bool
    public let locations: [Name]
    public let location: Location

    public init(
        description: Description?, name: Name, arguments: [InputValueDefinition],
        isRepeatable: Bool, locations: [Name], location: Location
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}

/// TypeSystemDefinitionOrExtension
public enum TypeSystemDefinition: Sendable, Hashable {
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaDefinition)
    case typeExtension(TypeDefinition)

    public var location: Location {
        switch self {
        case .schema(let node), .schemaExtension(let node): node.location
        case .type(let node), .typeExtension(let node): node.location
        case .directive(let node): node.location
        }
    }
}

/// A document of type-system definitions and extensions only: SDL such as `Schema.graphql`.
public struct TypeSystemDocument: Sendable {
    public let definitions: [TypeSystemDefinition]
    public let source: Source

    public init(definitions: [TypeSystemDefinition], source: Source) {
        self.definitions = definitions
        self.source = source
    }
}

/// Any definition: what the grammar's `Document` holds.
public enum Definition: Sendable, Hashable {
    case executable(ExecutableDefinition)
    case typeSystem(TypeSystemDefinition)

    public var location: Location {
        switch self {
        case .executable(let node): node.location
        case .typeSystem(let node): node.location
        }
    }
}

/// A parsed document of any mix of definitions. Validation reports type-system definitions
/// in a request (`ExecutableDefinitions`); `executable` and `typeSystem` give the
/// separate, typed views once a document is known to be one or the other.
public struct Document: Sendable {
    public let definitions: [Definition]
    public let source: Source

    public init(definitions: [Definition], source: Source) {
        self.definitions = definitions
        self.source = source
    }

    /// The executable definitions, in order (type-system ones are left out).
    public var executable: ExecutableDocument {
        ExecutableDocument(
            definitions: definitions.compactMap {
                if case .executable(let node) = $0 { node } else { nil }
            }, source: source)
    }

    /// The type-system definitions, in order (executable ones are left out).
    public var typeSystem: TypeSystemDocument {
        TypeSystemDocument(
            definitions: definitions.compactMap {
                if case .typeSystem(let node) = $0 { node } else { nil }
            }, source: source)
    }
}
