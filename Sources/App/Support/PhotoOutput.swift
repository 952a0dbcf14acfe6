import GraphQL
import Storage

/// `Photo`'s resolvers are `PhotoResolvers` (uploads give `url(width:)` and sizes).
extension Photo: OutputObject {
    /// A photo from a stored URL, or nil when there is none.
    init?(storedURL url: String?) {
        guard let url, !url.isEmpty else { return nil }
        self.init(url: url)
    }
}
