import Foundation

/// Users: accounts, sign-in tokens (digests only), profiles, follows, counts and settings.
public struct UserRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is (tests pin it).
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let columns = """
        id, username, name, avatar_url, bio, gender, profession, birthday, hometown,
        current_location, is_member, joined_at
        """
    static let byID = ByIDQuery(from: "users", columns: columns)

    static func user(_ row: Row, at o: Int = 0) -> User {
        User(
            id: row.int64(o + 0), username: row.string(o + 1), name: row.string(o + 2),
            avatarURL: row.optionalString(o + 3), bio: row.optionalString(o + 4),
            gender: row.optionalString(o + 5).flatMap(Gender.init(rawValue:)),
            profession: row.optionalString(o + 6), birthday: row.optionalString(o + 7),
            hometown: row.optionalString(o + 8), currentLocation: row.optionalString(o + 9),
            isMember: row.bool(o + 10), joinedAt: Date(milliseconds: row.int64(o + 11)))
    }

    // MARK: Lookups

    /// One user, or `nil`.
    public func user(id: Int64) throws -> User? {
        try users(ids: [id])[id]
    }

    /// Users by id, in one statement; missing ids are absent from the map.
    public func users(ids: [Int64]) throws -> [Int64: User] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.users(ids: ids, c) }
    }

    static func users(ids: [Int64], _ c: Connection) throws -> [Int64: User] {
        let rows = try c.rows(byID: ids, byID) { user($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// The user with this username (case-insensitive), or `nil`.
    public func user(username: String) throws -> User? {
        try database.read { c in
            try c.queryFirst(
                "SELECT \(Self.columns) FROM users WHERE username = ?", username, row: { Self.user($0) })
        }
    }

    private static let followingCount = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM follows WHERE follower_id = wanted_id) FROM %@ AS wanted")
    private static let followersCount = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM follows WHERE followee_id = wanted_id) FROM %@ AS wanted")
    private static let recipesCount = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM recipes WHERE author_id = wanted_id) FROM %@ AS wanted")
    private static let dishesCount = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM dishes WHERE author_id = wanted_id) FROM %@ AS wanted")

    /// Profile counts for many users: four grouped statements, whatever the list's length.
    public func stats(userIDs: [Int64]) throws -> [Int64: UserStats] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            let following = try c.counts(Self.followingCount, ids: userIDs, keyedBy: ("follows", "follower_id"))
            let followers = try c.counts(Self.followersCount, ids: userIDs, keyedBy: ("follows", "followee_id"))
            let recipes = try c.counts(Self.recipesCount, ids: userIDs, keyedBy: ("recipes", "author_id"))
            let dishes = try c.counts(Self.dishesCount, ids: userIDs, keyedBy: ("dishes", "author_id"))
            var result: [Int64: UserStats] = [:]
            for id in userIDs {
                result[id] = UserStats(
                    followingCount: following[id] ?? 0, followersCount: followers[id] ?? 0,
                    recipesCount: recipes[id] ?? 0, dishesCount: dishes[id] ?? 0)
            }
            return result
        }
    }

    // MARK: Follows

    /// Which of `userIDs` the viewer follows.
    public func viewerFollows(userIDs: [Int64], viewerID: Int64) throws -> Set<Int64> {
        guard !userIDs.isEmpty else { return [] }
        return try database.read(rowsOf: [("follows", "follower_id")], viewerID) { c in
            let list = SQLList(distinct(userIDs))
            return Set(
                try c.query(
                    """
                    SELECT followee_id FROM follows
                    WHERE follower_id = ? AND followee_id IN (\(list.placeholders))
                    """, arguments: [viewerID] + list.arguments
                ) { $0.int64(0) })
        }
    }

    /// Follows a user; following twice changes nothing; yourself is `badInput`. Returns them.
    public func follow(followerID: Int64, followeeID: Int64) throws -> User {
        guard followerID != followeeID else { throw DomainError.badInput("You cannot follow yourself.") }
        return try database.write { c in
            guard let user = try Self.users(ids: [followeeID], c)[followeeID] else {
                throw DomainError.notFound("No user has this ID.")
            }
            try c.execute(
                """
                INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)
                ON CONFLICT (follower_id, followee_id) DO NOTHING
                """, followerID, followeeID, clock().milliseconds)
            return user
        }
    }

    /// Stops following a user; idempotent. Returns them.
    public func unfollow(followerID: Int64, followeeID: Int64) throws -> User {
        try database.write { c in
            guard let user = try Self.users(ids: [followeeID], c)[followeeID] else {
                throw DomainError.notFound("No user has this ID.")
            }
            try c.execute(
                "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?",
                followerID, followeeID)
            return user
        }
    }

    /// Who follows `userID`, most recent first (user ids).
    public func followers(of userID: Int64, page: PageRequest) throws -> Page<Int64> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, id, follower_id FROM follows
                WHERE followee_id = ? AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [userID] + descendingBounds(page), request: page
            ) { $0.int64(2) }
        }
    }

    /// Whom `userID` follows, most recent first (user ids).
    public func following(of userID: Int64, page: PageRequest) throws -> Page<Int64> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, id, followee_id FROM follows
                WHERE follower_id = ? AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [userID] + descendingBounds(page), request: page
            ) { $0.int64(2) }
        }
    }
}
