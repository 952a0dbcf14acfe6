@testable import GraphQL

/// The cost directives specification's two directives, as a schema under test declares them.
let costDirectiveDefinitions = """
    directive @cost(weight: String!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | OBJECT | SCALAR
    directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION

    """

/// A schema from SDL that may apply `@cost` and `@listSize`.
func costSchema(_ sdl: String) -> Schema {
    try! SchemaBuilder.build(sdl: costDirectiveDefinitions + sdl)
}

/// The cost `limits` measure for the only operation of a valid `text` (nil when none
/// breaks), read from the refusal at a limit of 0: "… costs N, …".
func measuredCost(_ text: String, _ schema: Schema) throws -> String? {
    let document = try Parser.parse(Source(text))
    let invalid = Validator.validate(document, schema: schema)
    precondition(invalid.isEmpty, "the test document must be valid: \(invalid)")
    let message = OperationLimits(maxCost: .min).check(document, schema: schema)
        .first { $0.message.contains(" costs ") }?.message ?? ""
    guard let start = message.range(of: "costs ")?.upperBound,
        let end = message[start...].firstIndex(of: ",")
    else { return nil }
    return String(message[start..<end])
}
