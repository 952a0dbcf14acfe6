/// Turns GraphQL text into an AST (section 2, "Language", and appendix C's grammar).
///
/// A recursive-descent parser over the lexer's tokens, one method per grammar production.
/// Syntax errors are `GraphQLError`s with code `GRAPHQL_PARSE_FAILED`, a message in
/// graphql-js 16's words starting `Syntax Error:`, and the 1-based line and column.
///
/// Where this parser deliberately differs from graphql-js 16:
/// - Descriptions on operations, fragments and variable definitions are accepted, as the
///   September 2025 edition allows; a description on a shorthand query or an extension
///   fails with graphql-js 17's messages.
/// - Nesting deeper than `ParserLimits.maxDepth` is an error (graphql-js has no such
///   limit), and `maxTokens` is on by default.
/// - Bytes that are not UTF-8 (which a JavaScript string cannot hold) are reported as
///   `Invalid character: byte 0xFF is not UTF-8.`
/// - Columns are counted by `Source.lineColumn(at:)` in code points; graphql-js counts
///   UTF-16 units, which differs only after characters outside the Basic Multilingual Plane.
public enum Parser {
    /// Document: Definition+ — executable definitions, type-system definitions and
    /// extensions, in any mix.
    public static func parse(
        _ source: Source, limits: ParserLimits = .default
    ) throws(GraphQLError) -> Document {
        try Lexer.withLexer(source) { (lexer) throws(GraphQLError) -> Document in
            var parser = try SyntaxParser(lexer: lexer, limits: limits)
            defer { parser.deallocateStacks() }
            return try parser.parseDocument()
        }
    }

    /// A single value that may hold variables, the whole source (e.g. `[1, $x]`).
    public static func parseValue(_ source: Source) throws(GraphQLError) -> ValueNode {
        try parseWhole(source) { (parser) throws(GraphQLError) -> ValueNode in
            try parser.parseValueLiteral()
        }
    }

    /// A single constant value, the whole source (e.g. `{a: [1, 2]}`).
    public static func parseConstValue(_ source: Source) throws(GraphQLError) -> ConstValueNode {
        try parseWhole(source) { (parser) throws(GraphQLError) -> ConstValueNode in
            try parser.parseValueLiteral()
        }
    }

    /// A single type reference, the whole source (e.g. `[String!]!`).
    public static func parseType(_ source: Source) throws(GraphQLError) -> TypeNode {
        try parseWhole(source) { (parser) throws(GraphQLError) -> TypeNode in
            try parser.parseTypeReference()
        }
    }

    private static func parseWhole<Node>(
        _ source: Source, _ body: (inout SyntaxParser) throws(GraphQLError) -> Node
    ) throws(GraphQLError) -> Node {
        try Lexer.withLexer(source) { (lexer) throws(GraphQLError) -> Node in
            var parser = try SyntaxParser(lexer: lexer, limits: .default)
            defer { parser.deallocateStacks() }
            let node = try body(&parser)
            _ = try parser.expect(.endOfFile)
            return node
        }
    }
}

/// The parser's state: the lexer, the current token, and the counts the limits bound.
///
/// The parse methods live in `Parser+*.swift`; each one's doc comment quotes the production
/// it implements.
struct SyntaxParser {
    var lexer: Lexer
    /// The token being looked at, not yet consumed.
    private(set) var token: Token
    /// Where the last consumed token ended: the end of the node being built.
    private(set) var previousEnd = 0
    let limits: ParserLimits
    private var tokenCount = 0
    private var depth = 0
    /// Selections of the selection sets being parsed (see `NodeStack`).
    var selectionStack = NodeStack<Selection>()

    init(lexer: Lexer, limits: ParserLimits) throws(GraphQLError) {
        self.lexer = lexer
        self.limits = limits
        self.token = Token(kind: .startOfFile, start: 0, end: 0)
        try advance()
    }

    var source: Source { lexer.source }

    /// Frees the node stacks; call once, when parsing has finished or failed.
    mutating func deallocateStacks() {
        selectionStack.deallocate()
    }

    /// Consumes the current token and reads the next, counting it against `maxTokens`.
    @inline(__always)
    mutating func advance() throws(GraphQLError) {
        previousEnd = token.end
        token = try lexer.next()
        if token.kind != .endOfFile {
            tokenCount += 1
            if tokenCount > limits.maxTokens { throw tooManyTokens() }
        }
    }

    /// The error for a document past `maxTokens`, out of line so that `advance()` stays
    /// small enough to inline everywhere.
    @inline(never)
    private func tooManyTokens() -> GraphQLError {
        syntaxError(
            "Document contains more than \(limits.maxTokens) tokens. Parsing aborted.",
            at: token.start)
    }

    /// The token after the current one, without consuming anything.
    func lookahead() throws(GraphQLError) -> Token {
        var copy = lexer
        return try copy.next()
    }

    @inline(__always)
    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of the given kind, or fails with `Expected …, found ….`.
    @inline(__always)
    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(GraphQLError) -> Token {
        let current = token
        guard current.kind == kind else { throw expected(kind) }
        try advance()
        return current
    }

    /// `Expected …, found ….` at the current token, out of line (see `tooManyTokens`).
    @inline(never)
    private func expected(_ kind: TokenKind) -> GraphQLError {
        syntaxError("Expected \(kind.description), found \(describe(token)).", at: token.start)
    }

    /// Consumes a token of the given kind if it is next.
    @inline(__always)
    mutating func expectOptional(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the name `keyword`, or fails with `Expected "keyword", found ….`.
    mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard isKeyword(keyword) else {
            throw syntaxError(
                "Expected \"\(keyword)\", found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    /// Consumes the name `keyword` if it is next.
    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard isKeyword(keyword) else { return false }
        try advance()
        return true
    }

    /// Whether a token, the current one by default, is the name `keyword`.
    @inline(__always)
    func isKeyword(_ keyword: StaticString, _ candidate: Token? = nil) -> Bool {
        let token = candidate ?? token
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else {
            return false
        }
        return keyword.withUTF8Buffer { expected in
            var offset = 0
            while offset < expected.count {
                if lexer.bytes[token.start + offset] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// The source text of a token (a name's or a number's spelling).
    ///
    /// Made with `String(unsafeUninitializedCapacity:)`, whose small-string path (up to 15
    /// bytes, which most names are) skips UTF-8 validation for ASCII; `String(decoding:)`
    /// validates every name again although the lexer has checked its spelling.
    func text(of token: Token) -> String {
        let count = token.end - token.start
        let start = lexer.bytes.baseAddress.unsafelyUnwrapped + token.start
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress.unsafelyUnwrapped.initialize(from: start, count: count)
            return count
        }
    }

    /// The node range from `start` to the end of the last consumed token.
    @inline(__always)
    func location(from start: Int) -> Location {
        Location(start: start, end: previousEnd)
    }

    /// Enters one more level of nesting at `offset`, failing past `maxDepth`.
    @inline(__always)
    mutating func enterNesting(at offset: Int) throws(GraphQLError) {
        depth += 1
        if depth > limits.maxDepth { throw tooDeep(at: offset) }
    }

    /// The error for nesting past `maxDepth`, out of line (see `tooManyTokens`).
    @inline(never)
    private func tooDeep(at offset: Int) -> GraphQLError {
        syntaxError(
            "Document is nested more than \(limits.maxDepth) levels deep. Parsing aborted.",
            at: offset)
    }

    mutating func leaveNesting() { depth -= 1 }

    // MARK: Errors

    func syntaxError(_ message: String, at offset: Int) -> GraphQLError {
        lexer.syntaxError(message, at: offset)
    }

    /// `Unexpected <token>.` at a token, the current one by default.
    func unexpected(_ at: Token? = nil) -> GraphQLError {
        let offending = at ?? token
        return syntaxError("Unexpected \(describe(offending)).", at: offending.start)
    }

    /// A token as graphql-js names it: `"{"`, `<EOF>`, `Name "x"`, `String "text"`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            "\(token.kind.description) \"\(text(of: token))\""
        case .string, .blockString:
            "\(token.kind.description) \"\(lexer.stringValue(of: token))\""
        default:
            token.kind.description
        }
    }
}
