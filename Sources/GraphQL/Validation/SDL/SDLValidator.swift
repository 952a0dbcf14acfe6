/// Checks a type-system document with the SDL validation rules (graphql-js's
/// `specifiedSDLRules`), before a schema is built from it.
///
/// Like graphql-js, all rules walk the document together, so their errors come out in
/// document order. With `schema`, the document is taken as an extension of that schema
/// (types and directives it already has count as defined).
public enum SDLValidator {
    /// Every SDL problem in `document`, in document order; empty when there is none.
    public static func validate(
        _ document: TypeSystemDocument, schema: Schema? = nil, rules: [SDLRule]? = nil
    ) -> [GraphQLError] {
        let context = SDLContext(document: document, schema: schema)
        var walker = SDLWalker(
            visitors: (rules ?? SDLRule.specified).map { $0.makeVisitor(context) },
            context: context)
        walker.walk(document)
        return walker.context.errors
    }

    /// The same, for a parsed document: its type-system definitions are checked and its
    /// executable definitions ignored.
    public static func validate(
        _ document: Document, schema: Schema? = nil, rules: [SDLRule]? = nil
    ) -> [GraphQLError] {
        validate(document.typeSystem, schema: schema, rules: rules)
    }
}

/// One SDL validation rule, named as graphql-js names it (without the `Rule` suffix).
public struct SDLRule: Sendable {
    /// graphql-js's name for the rule, e.g. `UniqueTypeNames`.
    public let name: String
    let makeVisitor: @Sendable (SDLContext) -> any SDLRuleVisitor

    init(_ name: String, _ makeVisitor: @escaping @Sendable (SDLContext) -> any SDLRuleVisitor) {
        self.name = name
        self.makeVisitor = makeVisitor
    }

    /// At most one schema definition (section 3.3).
    public static let loneSchemaDefinition = SDLRule("LoneSchemaDefinition") {
        LoneSchemaDefinition(context: $0)
    }
    /// One root type per operation (section 3.3.1).
    public static let uniqueOperationTypes = SDLRule("UniqueOperationTypes") {
        UniqueOperationTypes(context: $0)
    }
    /// Type names are unique (section 3.4).
    public static let uniqueTypeNames = SDLRule("UniqueTypeNames") {
        UniqueTypeNames(context: $0)
    }
    /// Enum value names are unique (section 3.9).
    public static let uniqueEnumValueNames = SDLRule("UniqueEnumValueNames") {
        UniqueEnumValueNames(context: $0)
    }
    /// Field names are unique per type (sections 3.6, 3.7, 3.10).
    public static let uniqueFieldDefinitionNames = SDLRule("UniqueFieldDefinitionNames") {
        UniqueFieldDefinitionNames(context: $0)
    }
    /// Argument definitions are unique per field or directive.
    public static let uniqueArgumentDefinitionNames = SDLRule("UniqueArgumentDefinitionNames") {
        _ in UniqueArgumentDefinitionNames()
    }
    /// Directive names are unique (section 3.13).
    public static let uniqueDirectiveNames = SDLRule("UniqueDirectiveNames") {
        UniqueDirectiveNames(context: $0)
    }
    /// Every referenced type is defined.
    public static let knownTypeNames = SDLRule("KnownTypeNames") {
        SDLKnownTypeNames(context: $0)
    }
    /// Every directive is defined and used where allowed (5.7.1, 5.7.2).
    public static let knownDirectives = SDLRule("KnownDirectives") {
        SDLKnownDirectives(context: $0)
    }
    /// Non-repeatable directives once per location (5.7.3).
    public static let uniqueDirectivesPerLocation = SDLRule("UniqueDirectivesPerLocation") {
        SDLUniqueDirectivesPerLocation(context: $0)
    }
    /// Extensions extend a defined type of the same kind (3.4.3).
    public static let possibleTypeExtensions = SDLRule("PossibleTypeExtensions") {
        PossibleTypeExtensions(context: $0)
    }
    /// Directive arguments are defined (5.4.1).
    public static let knownArgumentNamesOnDirectives = SDLRule("KnownArgumentNamesOnDirectives") {
        SDLKnownArgumentNamesOnDirectives(context: $0)
    }
    /// Each directive argument given once (5.4.2).
    public static let uniqueArgumentNames = SDLRule("UniqueArgumentNames") {
        _ in SDLUniqueArgumentNames()
    }
    /// Each input object field given once (5.6.3).
    public static let uniqueInputFieldNames = SDLRule("UniqueInputFieldNames") {
        _ in SDLUniqueInputFieldNames()
    }
    /// Required directive arguments are given (5.4.2.1).
    public static let providedRequiredArgumentsOnDirectives = SDLRule(
        "ProvidedRequiredArgumentsOnDirectives"
    ) { SDLProvidedRequiredArgumentsOnDirectives(context: $0) }

    /// All fifteen, in graphql-js's order (`specifiedSDLRules`).
    public static let specified: [SDLRule] = [
        loneSchemaDefinition, uniqueOperationTypes, uniqueTypeNames, uniqueEnumValueNames,
        uniqueFieldDefinitionNames, uniqueArgumentDefinitionNames, uniqueDirectiveNames,
        knownTypeNames, knownDirectives, uniqueDirectivesPerLocation, possibleTypeExtensions,
        knownArgumentNamesOnDirectives, uniqueArgumentNames, uniqueInputFieldNames,
        providedRequiredArgumentsOnDirectives,
    ]

    /// A specified rule by its graphql-js name, with or without the `Rule` suffix.
    public static func named(_ name: String) -> SDLRule? {
        let bare = name.hasSuffix("Rule") ? String(name.dropLast(4)) : name
        return specified.first { $0.name == bare }
    }
}
