/// The directives of section 3.13 that every schema has: `@include`, `@skip`,
/// `@deprecated`, `@specifiedBy` and `@oneOf`.
///
/// Descriptions are graphql-js 16's, so introspection answers the way clients expect.
public enum SpecifiedDirectives {
    /// The reason `@deprecated` gives when none is written.
    public static let defaultDeprecationReason = "No longer supported"

    /// `@include(if: Boolean!)`: keep a field or fragment only when `if` is true.
    public static let include = DirectiveInfo(
        name: "include",
        description: "Directs the executor to include this field or fragment only when the `if` "
            + "argument is true.",
        arguments: [
            InputValueInfo(
                name: "if", description: "Included when true.", type: .nonNull(.named("Boolean")))
        ],
        locations: [.field, .fragmentSpread, .inlineFragment])

    /// `@skip(if: Boolean!)`: leave out a field or fragment when `if` is true.
    public static let skip = DirectiveInfo(
        name: "skip",
        description: "Directs the executor to skip this field or fragment when the `if` argument "
            + "is true.",
        arguments: [
            InputValueInfo(
                name: "if", description: "Skipped when true.", type: .nonNull(.named("Boolean")))
        ],
        locations: [.field, .fragmentSpread, .inlineFragment])

    /// `@deprecated(reason: String = "No longer supported")` on schema elements.
    public static let deprecated = DirectiveInfo(
        name: "deprecated",
        description: "Marks an element of a GraphQL schema as no longer supported.",
        arguments: [
            InputValueInfo(
                name: "reason",
                description: "Explains why this element was deprecated, usually also including a "
                    + "suggestion for how to access supported similar data. Formatted using the "
                    + "Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
                type: .named("String"),
                defaultValue: ConstValueNode(
                    .string(defaultDeprecationReason, isBlock: false),
                    location: Location(start: 0, end: 0)))
        ],
        locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue])

    /// `@specifiedBy(url: String!)`: where a custom scalar's behaviour is specified.
    public static let specifiedBy = DirectiveInfo(
        name: "specifiedBy",
        description: "Exposes a URL that specifies the behavior of this scalar.",
        arguments: [
            InputValueInfo(
                name: "url", description: "The URL that specifies the behavior of this scalar.",
                type: .nonNull(.named("String")))
        ],
        locations: [.scalar])

    /// `@oneOf`: an input object of which exactly one field is given.
    public static let oneOf = DirectiveInfo(
        name: "oneOf",
        description: "Indicates an Input Object is a OneOf Input Object.",
        locations: [.inputObject])

    /// All five, in graphql-js's order.
    public static let all: [DirectiveInfo] = [include, skip, deprecated, specifiedBy, oneOf]

    /// The five names.
    public static let names: Set<String> = Set(all.map(\.name))

    /// Whether a directive name is one of the five.
    public static func isSpecified(_ name: String) -> Bool { names.contains(name) }
}
