import GraphQL
import Storage

extension Photo: OutputObject {
    /// A photo from a stored URL, or nil when there is none.
    init?(storedURL url: String?) {
        guard let url, !url.isEmpty else { return nil }
        self.init(url: url)
    }

    /// Registers `Photo`, shared by both halves of the schema (avatars, covers, dish and
    /// goods photos); registered once, by `SocialResolvers`.
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Photo", parent: Photo.self) { photo in
            photo.property("url") { $0.url }
            photo.property("width") { $0.width }
            photo.property("height") { $0.height }
        }
    }
}
