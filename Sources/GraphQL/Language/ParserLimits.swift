/// Bounds on the work one parse may do, so that hostile input fails fast with a syntax error
/// instead of using unbounded time, memory or stack.
public struct ParserLimits: Sendable, Hashable {
    /// The most tokens a document may have (`<EOF>` not counted), as graphql-js's
    /// `maxTokens` option counts them.
    public var maxTokens: Int
    /// The deepest nesting allowed, counting every selection set, list value, input object
    /// value and list type that encloses another; it bounds the parser's recursion (and so
    /// its stack) and the depth of the tree every later phase walks.
    ///
    /// Stack use per level is under 1 kB in a release build and about 3.5 kB in a debug
    /// build, so 200 levels fit easily in Linux's default 8 MB thread stack either way.
    public var maxDepth: Int

    /// 100,000 tokens (a request of several hundred kilobytes) and 200 levels.
    public static let `default` = ParserLimits(maxTokens: 100_000, maxDepth: 200)

    public init(maxTokens: Int, maxDepth: Int) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
    }
}
