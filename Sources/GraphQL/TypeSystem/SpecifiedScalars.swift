/// The five scalars of section 3.5, present in every schema.
///
/// Their coercion is left to the executor (`ScalarType.coercion` is nil here), which knows
/// the built-in rules by name; these values carry what introspection and printing need.
public enum SpecifiedScalars {
    /// `Int`: a signed 32-bit integer.
    public static let int = ScalarType(
        name: "Int",
        description: "The `Int` scalar type represents non-fractional signed whole numeric values. "
            + "Int can represent values between -(2^31) and 2^31 - 1.")

    /// `Float`: a double-precision number.
    public static let float = ScalarType(
        name: "Float",
        description: "The `Float` scalar type represents signed double-precision fractional "
            + "values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).")

    /// `String`: UTF-8 text.
    public static let string = ScalarType(
        name: "String",
        description: "The `String` scalar type represents textual data, represented as UTF-8 "
            + "character sequences. The String type is most often used by GraphQL to represent "
            + "free-form human-readable text.")

    /// `Boolean`: `true` or `false`.
    public static let boolean = ScalarType(
        name: "Boolean",
        description: "The `Boolean` scalar type represents `true` or `false`.")

    /// `ID`: an opaque identifier, serialized as a string.
    public static let id = ScalarType(
        name: "ID",
        description: "The `ID` scalar type represents a unique identifier, often used to "
            + "refetch an object or as key for a cache. The ID type appears in a JSON response as "
            + "a String; however, it is not intended to be human-readable. When expected as an "
            + "input type, any string (such as `\"4\"`) or integer (such as `4`) input value will "
            + "be accepted as an ID.")

    /// All five, in graphql-js's order.
    public static let all: [ScalarType] = [string, int, float, boolean, id]

    /// The five names, for quick membership tests.
    public static let names: Set<String> = Set(all.map(\.name))

    /// Whether a type name is one of the five.
    public static func isSpecified(_ name: String) -> Bool { names.contains(name) }
}
