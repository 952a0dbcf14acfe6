import GraphQL
import Storage

/// `Photo`: a picture given by URL (as stored) or uploaded (`/media/<hash>`, whose size
/// comes from the `media` table when the row that refers to it does not keep one).
enum PhotoResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Photo", parent: Photo.self) { photo in
            photo.field("url", reading: ["width"]) { photo, arguments, _ in
                try url(of: photo, width: arguments.int("width"))
            }
            photo.batch("width") { photos, _, context in
                try sizes(of: photos, context).map { $0?.width }
            }
            photo.batch("height") { photos, _, context in
                try sizes(of: photos, context).map { $0?.height }
            }
        }
    }

    /// The address of a photo at a width: uploads get `?w=`; URL photos are as stored.
    static func url(of photo: Photo, width: Int?) throws(GraphQLError) -> String {
        guard let width else { return photo.url }
        guard MediaEndpoint.widths.contains(width) else {
            throw GraphQLError(
                "\"width\" must be one of \(MediaEndpoint.widths.map(String.init).joined(separator: ", ")); \(width) is not.",
                code: .badUserInput)
        }
        guard hash(of: photo) != nil else { return photo.url }
        return "\(photo.url)?w=\(width)"
    }

    /// The content hash of an uploaded photo's address, or nil for a URL photo.
    static func hash(of photo: Photo) -> String? {
        guard photo.url.hasPrefix(MediaRepository.urlPrefix) else { return nil }
        // On the UTF-8 view: dropping characters walked grapheme breaks, about 500
        // instructions for every photo of every page.
        let hash = String(decoding: photo.url.utf8.dropFirst(MediaRepository.urlPrefix.utf8.count), as: UTF8.self)
        return ContentHash.isWellFormed(hash) ? hash : nil
    }

    /// Each photo's size: its own when known, else its upload's (one query per level; a
    /// picture uploaded by this very request is not recorded yet, so its file tells).
    private static func sizes(of photos: [Photo], _ context: RequestContext) throws -> [(width: Int, height: Int)?] {
        let missing = photos.compactMap { photo in photo.width == nil ? hash(of: photo) : nil }
        let items = try context.store.media.items(hashes: Array(Set(missing)))
        return photos.map { photo in
            if let width = photo.width, let height = photo.height { return (width, height) }
            guard let hash = hash(of: photo) else { return nil }
            if let item = items[hash] { return (item.width, item.height) }
            if let file = context.uploads.file(hash: hash) { return (file.image.width, file.image.height) }
            return nil
        }
    }
}
