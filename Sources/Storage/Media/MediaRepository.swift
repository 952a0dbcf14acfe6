import Foundation

/// A stored picture: its content hash, format and pixel size.
public struct MediaItem: Sendable, Hashable {
    /// The SHA-256 of the original bytes, hex.
    public var hash: String
    /// `jpeg`, `png` or `webp`.
    public var format: String
    public var width: Int
    public var height: Int
    public var byteCount: Int

    /// Makes a value from its parts.
    public init(hash: String, format: String, width: Int, height: Int, byteCount: Int) {
        self.hash = hash
        self.format = format
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }

    /// The address the picture is referenced by in URL columns.
    public var url: String { MediaRepository.urlPrefix + hash }
}

/// The `media` table: what is known of each stored upload, and whether anything still
/// refers to one.
public struct MediaRepository: Sendable {
    /// The address prefix of stored uploads; an URL column holding `/media/<hash>` refers
    /// to one.
    public static let urlPrefix = "/media/"

    let database: Database
    let clock: Clock

    /// A repository over `database`.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// Records a stored picture; recording one that exists changes nothing.
    public func record(_ item: MediaItem) throws {
        try database.write { c in
            try c.execute(
                """
                INSERT OR IGNORE INTO media (hash, format, width, height, byte_count, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, item.hash, item.format, item.width, item.height, item.byteCount,
                clock().milliseconds)
        }
    }

    /// The stored pictures among `hashes`, by hash (one query).
    public func items(hashes: [String]) throws -> [String: MediaItem] {
        guard !hashes.isEmpty else { return [:] }
        let list = SQLList(hashes)
        return try database.read { c in
            var found: [String: MediaItem] = [:]
            try c.forEachRow(
                "SELECT hash, format, width, height, byte_count FROM media WHERE hash IN (\(list.placeholders))",
                arguments: list.arguments
            ) { row in
                found[row.string(0)] = MediaItem(
                    hash: row.string(0), format: row.string(1), width: row.int(2),
                    height: row.int(3), byteCount: row.int(4))
            }
            return found
        }
    }

    /// Whether any picture column holds `url` (avatars, covers, step images, dish photos).
    /// Decides, after a request, which of its uploads a committed mutation kept.
    public func isReferenced(url: String) throws -> Bool {
        try database.read { c in
            for (table, column) in Self.pictureColumns {
                if try c.exists("SELECT 1 FROM \(table) WHERE \(column) = ? LIMIT 1", url) {
                    return true
                }
            }
            return false
        }
    }

    /// Every column that holds a picture URL a client can set.
    static let pictureColumns: [(table: String, column: String)] = [
        ("users", "avatar_url"), ("drafts", "cover_url"), ("draft_steps", "image_url"),
        ("recipes", "cover_url"), ("recipe_steps", "image_url"), ("dish_photos", "url"),
    ]
}
