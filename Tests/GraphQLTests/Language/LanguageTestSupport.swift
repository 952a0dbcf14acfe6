@testable import GraphQL

/// The marker put in test documents where an error is expected; it is removed before
/// parsing.
let errorMarker: Character = "▸"

/// A test document with `▸` before the character an error should point at: the text
/// without the marker, and the marker's line and column.
func unmark(_ marked: String) -> (text: String, location: SourceLocation?) {
    var text = ""
    var line = 1
    var column = 1
    var location: SourceLocation? = nil
    for character in marked {
        if character == errorMarker {
            location = SourceLocation(line: line, column: column)
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
    return (text, location)
}

/// The error parsing a document gives, or nil if it parses.
func parseError(_ text: String, limits: ParserLimits = .default) -> GraphQLError? {
    do {
        _ = try Parser.parse(Source(text), limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Parses a document that must be valid.
func parsed(_ text: String) throws -> Document {
    try Parser.parse(Source(text))
}

/// The kinds of every token in a document, `<EOF>` left out.
func tokenKinds(_ text: String) throws -> [TokenKind] {
    try Lexer.tokens(of: Source(text)).map(\.kind).dropLast()
}

/// The value of the single string token a document holds.
func stringValue(_ text: String) throws -> String? {
    try Lexer.withLexer(Source(text)) { (lexer) throws(GraphQLError) -> String? in
        lexer.stringValue(of: try lexer.next())
    }
}

/// The error lexing a document gives, or nil.
func lexError(_ text: String) -> GraphQLError? {
    do {
        _ = try Lexer.tokens(of: Source(text))
        return nil
    } catch {
        return error
    }
}
