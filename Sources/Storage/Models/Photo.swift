/// A picture, with its size in pixels when it is known.
public struct Photo: Sendable, Hashable {
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}
