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

    public static let loneSchemaDefinition = SDLRule("LoneSchemaDefinition") {
        LoneSchemaDefinition(context: $0)
    }
    public static let uniqueOperationTypes = SDLRule("UniqueOperationTypes") {
        UniqueOperationTypes(context: $0)
    }
    public static let uniqueTypeNames = SDLRule("UniqueTypeNames") {
        UniqueTypeNames(context: $0)
    }
    public static let uniqueEnumValueNames = SDLRule("UniqueEnumValueNames") {
        UniqueEnumValueNames(context: $0)
    }
    public static let uniqueFieldDefinitionNames = SDLRule("UniqueFieldDefinitionNames") {
        UniqueFieldDefinitionNames(context: $0)
    }
    public static let uniqueArgumentDefinitionNames = SDLRule("UniqueArgumentDefinitionNames") {
        _ in UniqueArgumentDefinitionNames()
    }
    public static let uniqueDirectiveNames = SDLRule("UniqueDirectiveNames") {
        UniqueDirectiveNames(context: $0)
    }
    public static let knownTypeNames = SDLRule("KnownTypeNames") {
        SDLKnownTypeNames(context: $0)
    }
    public static let knownDirectives = SDLRule("KnownDirectives") {
        SDLKnownDirectives(context: $0)
    }
    public static let uniqueDirectivesPerLocation = SDLRule("UniqueDirectivesPerLocation") {
        SDLUniqueDirectivesPerLocation(context: $0)
    }
    public static let possibleTypeExtensions = SDLRule("PossibleTypeExtensions") {
        PossibleTypeExtensions(context: $0)
    }
    public static let knownArgumentNamesOnDirectives = SDLRule("KnownArgumentNamesOnDirectives") {
        SDLKnownArgumentNamesOnDirectives(context: $0)
    }
    public static let uniqueArgumentNames = SDLRule("UniqueArgumentNames") {
        _ in SDLUniqueArgumentNames()
    }
    public static let uniqueInputFieldNames = SDLRule("UniqueInputFieldNames") {
        _ in SDLUniqueInputFieldNames()
    }
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
