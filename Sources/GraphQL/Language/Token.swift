/// The kinds of lexical token (section 2.1.6, "Lexical Tokens"), plus the start and end of
/// the document.
///
/// Comments, commas, white space and line terminators are ignored tokens: the lexer skips
/// them and never hands them to the parser.
enum TokenKind: UInt8, Sendable, Hashable {
    case startOfFile
    case endOfFile
    case bang
    case dollar
    case amp
    case parenLeft
    case parenRight
    case spread
    case colon
    case equals
    case at
    case bracketLeft
    case bracketRight
    case braceLeft
    case pipe
    case braceRight
    case name
    case int
    case float
    case string
    case blockString

    /// How graphql-js names the kind in messages: `"{"` for punctuators, `Name` for names,
    /// `<EOF>` for the end.
    var description: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "\"!\""
        case .dollar: "\"$\""
        case .amp: "\"&\""
        case .parenLeft: "\"(\""
        case .parenRight: "\")\""
        case .spread: "\"...\""
        case .colon: "\":\""
        case .equals: "\"=\""
        case .at: "\"@\""
        case .bracketLeft: "\"[\""
        case .bracketRight: "\"]\""
        case .braceLeft: "\"{\""
        case .pipe: "\"|\""
        case .braceRight: "\"}\""
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One lexical token: its kind and byte range.
///
/// A token is plain data, with no reference to count: the parser makes a name's `String`
/// from the source bytes only when it builds a node, and a string's value with
/// `Lexer.stringValue(of:)`, so reading tokens costs no allocation.
struct Token: Sendable, Hashable {
    var kind: TokenKind
    /// Byte offset of the first byte.
    var start: Int
    /// Byte offset one past the last byte.
    var end: Int
}
