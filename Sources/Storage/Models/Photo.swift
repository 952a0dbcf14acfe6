/// A picture, with its size in pixels when it is known.
public struct Photo: Sendable, Hashable {
    /// Where the picture can be fetched.
    public var url: String
    /// Width in pixels, when known.
    public var width: Int?
    /// Height in pixels, when known.
    public var height: Int?

    /// Makes a value from its parts.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}
