/// The eight types of section 4.2 through which a schema describes itself: `__Schema`,
/// `__Type`, `__Field`, `__InputValue`, `__EnumValue`, `__Directive`, `__TypeKind` and
/// `__DirectiveLocation`.
///
/// Fields, argument defaults and descriptions are graphql-js 16's (with the September 2025
/// additions it has: `isOneOf`, `specifiedByURL`, `isRepeatable`, `includeDeprecated`), so
/// that tools reading an introspection result see what they see from graphql-js. Every
/// schema includes them; resolving them is the executor's business.
public enum IntrospectionTypes {
    /// `__Schema`: the root of introspection.
    public static let schema = NamedType.object(ObjectType(
        name: "__Schema",
        description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes "
            + "all available types and directives on the server, as well as the entry points for "
            + "query, mutation, and subscription operations.",
        fields: [
            makeField("description", .named("String")),
            makeField("types", listOf("__Type"),
                  "A list of all types supported by this server."),
            makeField("queryType", .nonNull(.named("__Type")),
                  "The type that query operations will be rooted at."),
            makeField("mutationType", .named("__Type"),
                  "If this server supports mutation, the type that mutation operations will be "
                  + "rooted at."),
            makeField("subscriptionType", .named("__Type"),
                  "If this server support subscription, the type that subscription operations "
                  + "will be rooted at."),
            makeField("directives", listOf("__Directive"),
                  "A list of all directives supported by this server."),
        ]))

    /// `__Type`: any type, named or wrapped.
    public static let type = NamedType.object(ObjectType(
        name: "__Type",
        description: "The fundamental unit of any GraphQL Schema is the type. There are many "
            + "kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on "
            + "the kind of a type, certain fields describe information about that type. Scalar "
            + "types provide no information beyond a name, description and optional "
            + "`specifiedByURL`, while Enum types provide their values. Object and Interface types "
            + "provide the fields they describe. Abstract types, Union and Interface, provide the "
            + "Object types possible at runtime. List and NonNull types compose other types.",
        fields: [
            makeField("kind", .nonNull(.named("__TypeKind"))),
            makeField("name", .named("String")),
            makeField("description", .named("String")),
            makeField("specifiedByURL", .named("String")),
            makeField("fields", .list(.nonNull(.named("__Field"))), arguments: [includeDeprecated]),
            makeField("interfaces", .list(.nonNull(.named("__Type")))),
            makeField("possibleTypes", .list(.nonNull(.named("__Type")))),
            makeField("enumValues", .list(.nonNull(.named("__EnumValue"))),
                  arguments: [includeDeprecated]),
            makeField("inputFields", .list(.nonNull(.named("__InputValue"))),
                  arguments: [includeDeprecated]),
            makeField("ofType", .named("__Type")),
            makeField("isOneOf", .named("Boolean")),
        ]))

    /// `__Field`: a field of an object or interface.
    public static let field = NamedType.object(ObjectType(
        name: "__Field",
        description: "Object and Interface types are described by a list of Fields, each of "
            + "which has a name, potentially a list of arguments, and a return type.",
        fields: [
            makeField("name", .nonNull(.named("String"))),
            makeField("description", .named("String")),
            makeField("args", listOf("__InputValue"), arguments: [includeDeprecated]),
            makeField("type", .nonNull(.named("__Type"))),
            makeField("isDeprecated", .nonNull(.named("Boolean"))),
            makeField("deprecationReason", .named("String")),
        ]))

    /// `__InputValue`: an argument or an input object field.
    public static let inputValue = NamedType.object(ObjectType(
        name: "__InputValue",
        description: "Arguments provided to Fields or Directives and the input fields of an "
            + "InputObject are represented as Input Values which describe their type and "
            + "optionally a default value.",
        fields: [
            makeField("name", .nonNull(.named("String"))),
            makeField("description", .named("String")),
            makeField("type", .nonNull(.named("__Type"))),
            makeField("defaultValue", .named("String"),
                  "A GraphQL-formatted string representing the default value for this input "
                  + "value."),
            makeField("isDeprecated", .nonNull(.named("Boolean"))),
            makeField("deprecationReason", .named("String")),
        ]))

    /// `__EnumValue`: one value of an enum.
    public static let enumValue = NamedType.object(ObjectType(
        name: "__EnumValue",
        description: "One possible value for a given Enum. Enum values are unique values, not a "
            + "placeholder for a string or numeric value. However an Enum value is returned in a "
            + "JSON response as a string.",
        fields: [
            makeField("name", .nonNull(.named("String"))),
            makeField("description", .named("String")),
            makeField("isDeprecated", .nonNull(.named("Boolean"))),
            makeField("deprecationReason", .named("String")),
        ]))

    /// `__Directive`: a directive the schema supports.
    public static let directive = NamedType.object(ObjectType(
        name: "__Directive",
        description: "A Directive provides a way to describe alternate runtime execution and "
            + "type validation behavior in a GraphQL document.\n\nIn some cases, you need to "
            + "provide options to alter GraphQL's execution behavior in ways field arguments will "
            + "not suffice, such as conditionally including or skipping a field. Directives "
            + "provide this by describing additional information to the executor.",
        fields: [
            makeField("name", .nonNull(.named("String"))),
            makeField("description", .named("String")),
            makeField("isRepeatable", .nonNull(.named("Boolean"))),
            makeField("locations", listOf("__DirectiveLocation")),
            makeField("args", listOf("__InputValue"), arguments: [includeDeprecated]),
        ]))

    /// `__TypeKind`: the eight kinds of type.
    public static let typeKind = NamedType.enumeration(EnumType(
        name: "__TypeKind",
        description: "An enum describing what kind of type a given `__Type` is.",
        values: [
            EnumValueInfo(name: "SCALAR", description: "Indicates this type is a scalar."),
            EnumValueInfo(
                name: "OBJECT",
                description: "Indicates this type is an object. `fields` and `interfaces` are "
                    + "valid fields."),
            EnumValueInfo(
                name: "INTERFACE",
                description: "Indicates this type is an interface. `fields`, `interfaces`, and "
                    + "`possibleTypes` are valid fields."),
            EnumValueInfo(
                name: "UNION",
                description: "Indicates this type is a union. `possibleTypes` is a valid field."),
            EnumValueInfo(
                name: "ENUM",
                description: "Indicates this type is an enum. `enumValues` is a valid field."),
            EnumValueInfo(
                name: "INPUT_OBJECT",
                description: "Indicates this type is an input object. `inputFields` is a valid "
                    + "field."),
            EnumValueInfo(
                name: "LIST",
                description: "Indicates this type is a list. `ofType` is a valid field."),
            EnumValueInfo(
                name: "NON_NULL",
                description: "Indicates this type is a non-null. `ofType` is a valid field."),
        ]))

    /// `__DirectiveLocation`: every place a directive may stand.
    public static let directiveLocation = NamedType.enumeration(EnumType(
        name: "__DirectiveLocation",
        description: "A Directive can be adjacent to many parts of the GraphQL language, a "
            + "__DirectiveLocation describes one such possible adjacencies.",
        values: DirectiveLocation.allCases.map {
            EnumValueInfo(name: $0.rawValue, description: locationDescriptions[$0])
        }))

    /// All eight, in graphql-js's order.
    public static let all: [NamedType] = [
        schema, directive, directiveLocation, type, field, inputValue, enumValue, typeKind,
    ]

    /// The eight names.
    public static let names: Set<String> = Set(all.map(\.name))

    /// Whether a type name is one of the eight.
    public static func isIntrospectionType(_ name: String) -> Bool { names.contains(name) }

    // MARK: - Building blocks

    private static let includeDeprecated = InputValueInfo(
        name: "includeDeprecated", type: .named("Boolean"),
        defaultValue: ConstValueNode(.boolean(false), location: Location(start: 0, end: 0)))

    private static func listOf(_ name: String) -> TypeReference {
        .nonNull(.list(.nonNull(.named(name))))
    }

    private static func makeField(
        _ name: String, _ type: TypeReference, _ description: String? = nil,
        arguments: [InputValueInfo] = []
    ) -> FieldDefinitionInfo {
        FieldDefinitionInfo(name: name, description: description, arguments: arguments, type: type)
    }

    private static let locationDescriptions: [DirectiveLocation: String] = [
        .query: "Location adjacent to a query operation.",
        .mutation: "Location adjacent to a mutation operation.",
        .subscription: "Location adjacent to a subscription operation.",
        .field: "Location adjacent to a field.",
        .fragmentDefinition: "Location adjacent to a fragment definition.",
        .fragmentSpread: "Location adjacent to a fragment spread.",
        .inlineFragment: "Location adjacent to an inline fragment.",
        .variableDefinition: "Location adjacent to a variable definition.",
        .schema: "Location adjacent to a schema definition.",
        .scalar: "Location adjacent to a scalar definition.",
        .object: "Location adjacent to an object type definition.",
        .fieldDefinition: "Location adjacent to a field definition.",
        .argumentDefinition: "Location adjacent to an argument definition.",
        .interface: "Location adjacent to an interface definition.",
        .union: "Location adjacent to a union definition.",
        .enumeration: "Location adjacent to an enum definition.",
        .enumValue: "Location adjacent to an enum value definition.",
        .inputObject: "Location adjacent to an input object type definition.",
        .inputFieldDefinition: "Location adjacent to an input object field definition.",
    ]
}
