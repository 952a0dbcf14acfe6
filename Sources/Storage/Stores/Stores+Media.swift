/// What the App needs for stored uploads; `MediaRepository` implements it on SQLite.
public protocol MediaStore: Sendable {
    /// Records a stored picture; recording one that exists changes nothing.
    func record(_ item: MediaItem) throws
    /// The stored pictures among `hashes`, by hash (one query).
    func items(hashes: [String]) throws -> [String: MediaItem]
    /// Whether any picture column holds `url`, deciding after a request which of its
    /// uploads a committed mutation kept.
    func isReferenced(url: String) throws -> Bool
}

extension MediaRepository: MediaStore {}
