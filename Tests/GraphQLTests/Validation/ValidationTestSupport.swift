import Testing
@testable import GraphQL

/// A test document with `▸` before each character an error should point at: the text
/// without the markers, and every marker's line and column in order.
func unmarkAll(_ marked: String) -> (text: String, locations: [GraphQL.SourceLocation]) {
    var text = ""
    var line = 1
    var column = 1
    var locations: [GraphQL.SourceLocation] = []
    for character in marked {
        if character == "▸" {
            locations.append(GraphQL.SourceLocation(line: line, column: column))
            continue
        }
        text.append(character)
        if character == "\n" || character == "\r" || character == "\r\n" {
            line += 1
            column = 1
        } else {
            column += character.unicodeScalars.count
        }
    }
    return (text, locations)
}

/// Builds a schema for a test; a broken test schema is a test failure, not a crash.
func testSchema(_ sdl: String) throws -> Schema {
    try SchemaBuilder.build(sdl: sdl)
}

/// Parses `text` and validates it with the named rules (all specified rules when nil).
func validationErrors(
    _ text: String, schema: Schema, rules names: [String]? = nil,
    options: ValidationOptions = ValidationOptions()
) throws -> [GraphQLError] {
    let document = try Parser.parse(Source(text))
    let rules = try names?.map { name in
        try #require(Validator.specifiedRule(named: name), "no rule named \(name)")
    }
    return Validator.validate(document, schema: schema, rules: rules, options: options)
}

/// The small schema most validation unit tests use.
let petSchemaSDL = """
    interface Pet { name: String }
    type Dog implements Pet { name: String nickname: String barkVolume: Int doesKnowCommand(dogCommand: DogCommand): Boolean }
    type Cat implements Pet { name: String nickname: String meowVolume: Int }
    enum DogCommand { SIT HEEL DOWN }
    type Query { dog: Dog cat: Cat pet: Pet dogs: [Dog] }
    """
