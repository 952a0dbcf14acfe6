/// Validates an executable document against a schema (section 5 of the specification).
///
/// All rules run in one walk over the document: each node is visited once, and every rule
/// gets its `enter` and `leave` calls in document order, so errors come out in the order
/// graphql-js 16 reports them.
public enum Validator {
    /// The rules of section 5, in graphql-js 16.9+'s `specifiedRules` order (which ends with
    /// its one recommended rule, `MaxIntrospectionDepthRule`).
    public static var specifiedRules: [any ValidationRule.Type] {
        [
            ExecutableDefinitionsRule.self,
            UniqueOperationNamesRule.self,
            LoneAnonymousOperationRule.self,
            SingleFieldSubscriptionsRule.self,
            KnownTypeNamesRule.self,
            FragmentsOnCompositeTypesRule.self,
            VariablesAreInputTypesRule.self,
            ScalarLeafsRule.self,
            FieldsOnCorrectTypeRule.self,
            UniqueFragmentNamesRule.self,
            KnownFragmentNamesRule.self,
            NoUnusedFragmentsRule.self,
            PossibleFragmentSpreadsRule.self,
            NoFragmentCyclesRule.self,
            UniqueVariableNamesRule.self,
            NoUndefinedVariablesRule.self,
            NoUnusedVariablesRule.self,
            KnownDirectivesRule.self,
            UniqueDirectivesPerLocationRule.self,
            KnownArgumentNamesRule.self,
            UniqueArgumentNamesRule.self,
            ValuesOfCorrectTypeRule.self,
            ProvidedRequiredArgumentsRule.self,
            VariablesInAllowedPositionRule.self,
            OverlappingFieldsCanBeMergedRule.self,
            UniqueInputFieldNamesRule.self,
            MaxIntrospectionDepthRule.self,
        ]
    }

    /// graphql-js's optional rules, not run by default: `NoDeprecatedCustomRule` (refuse
    /// deprecated fields, arguments and values) and `NoSchemaIntrospectionCustomRule` (refuse
    /// introspection).
    public static var optionalRules: [any ValidationRule.Type] {
        [NoDeprecatedCustomRule.self, NoSchemaIntrospectionCustomRule.self]
    }

    /// A specified or optional rule by its graphql-js name, e.g. `"ScalarLeafsRule"`.
    public static func specifiedRule(named name: String) -> (any ValidationRule.Type)? {
        (specifiedRules + optionalRules).first { $0.name == name }
    }

    /// The errors in `document`, in document order; empty when it is valid.
    ///
    /// - Parameters:
    ///   - rules: the rules to run; nil runs `specifiedRules`.
    ///   - options: error limit and whether messages may suggest names.
    public static func validate(
        _ document: Document, schema: Schema, rules: [any ValidationRule.Type]? = nil,
        options: ValidationOptions = ValidationOptions()
    ) -> [GraphQLError] {
        let context = ValidationContext(schema: schema, document: document, options: options)
        var walker = DocumentWalker(
            context: context, rules: (rules ?? specifiedRules).map { $0.init(context: context) })
        walker.walk(document)
        return context.errors
    }
}

/// Limits and choices for one validation run.
public struct ValidationOptions: Sendable {
    /// After this many errors, validation stops and adds graphql-js's "Too many validation
    /// errors" error; a hostile document cannot make the server build huge error lists.
    public var maxErrors: Int
    /// Leave "Did you mean …?" out of messages, so that a client cannot discover field and
    /// type names by probing.
    public var hideSuggestions: Bool

    public init(maxErrors: Int = 100, hideSuggestions: Bool = false) {
        self.maxErrors = maxErrors
        self.hideSuggestions = hideSuggestions
    }
}

/// One validation rule: a visitor with a graphql-js name, made fresh for each run.
public protocol ValidationRule: ValidationVisitor {
    /// graphql-js's name for the rule, e.g. `"ScalarLeafsRule"`.
    static var name: String { get }
    /// A rule for one run; it reports errors through `context`.
    init(context: ValidationContext)
}
