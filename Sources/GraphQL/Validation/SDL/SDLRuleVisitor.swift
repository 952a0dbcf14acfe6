/// A node of a type-system document, as an SDL rule meets it during the walk.
enum SDLNode {
    case schemaDefinition(SchemaDefinition)
    case schemaExtension(SchemaDefinition)
    /// `query: Query` inside a schema definition or extension.
    case operationType(RootOperationTypeDefinition)
    case typeDefinition(TypeDefinition)
    case typeExtension(TypeDefinition)
    case directiveDefinition(DirectiveDefinition)
    case fieldDefinition(FieldDefinition)
    /// An argument definition or an input object field.
    case inputValueDefinition(InputValueDefinition)
    case enumValueDefinition(EnumValueDefinition)
    /// A directive applied somewhere, with the location kind of what it is applied to.
    case directive(ConstDirective, location: DirectiveLocation)
    case argument(ConstArgument)
    case value(ConstValueNode)
    case objectField(ConstObjectFieldNode)
    /// The name at the bottom of a type reference, an `implements` entry, a union member
    /// or a root operation type.
    case namedType(Name)
}

/// What an SDL rule is: a visitor that is told when the walk enters and leaves each node.
///
/// Both methods do nothing by default, so a rule overrides only the nodes it checks.
protocol SDLRuleVisitor {
    mutating func enter(_ node: SDLNode, _ context: inout SDLContext)
    mutating func leave(_ node: SDLNode, _ context: inout SDLContext)
}

extension SDLRuleVisitor {
    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {}
    mutating func leave(_ node: SDLNode, _ context: inout SDLContext) {}
}

/// The document under validation, the schema it extends (if any), and the errors so far.
struct SDLContext: Sendable {
    let document: TypeSystemDocument
    let schema: Schema?
    private(set) var errors: [GraphQLError] = []

    init(document: TypeSystemDocument, schema: Schema?) {
        self.document = document
        self.schema = schema
    }

    /// Records an error located at the start of each given node.
    mutating func report(_ message: String, _ locations: [Location]) {
        errors.append(GraphQLError(
            message, source: document.source, at: locations.map(\.start)))
    }

    /// The directives already known: the schema's, or else the specified ones.
    var existingDirectives: [DirectiveInfo] {
        guard let schema else { return SpecifiedDirectives.all }
        return schema.directiveNames.compactMap { schema.directives[$0] }
    }

    /// The document's directive definitions, in order.
    var directiveDefinitions: [DirectiveDefinition] {
        document.definitions.compactMap {
            if case .directive(let node) = $0 { node } else { nil }
        }
    }

    /// The document's type definitions (not extensions), in order.
    var typeDefinitions: [TypeDefinition] {
        document.definitions.compactMap {
            if case .type(let node) = $0 { node } else { nil }
        }
    }
}
