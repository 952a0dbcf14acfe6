import Foundation

/// Users on PostgreSQL: accounts, token digests, profiles, follows, settings and failed
/// sign-ins (`UserStore`).
struct PostgresUsers: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = """
        id, username, name, avatar_url, bio, gender, profession, birthday, hometown,
        current_location, is_member, joined_at
        """

    static func user(_ row: PostgresRow, at o: Int = 0) -> User {
        User(
            id: row.int64(o + 0), username: row.string(o + 1), name: row.string(o + 2),
            avatarURL: row.optionalString(o + 3), bio: row.optionalString(o + 4),
            gender: row.optionalString(o + 5).flatMap(Gender.init(rawValue:)),
            profession: row.optionalString(o + 6), birthday: row.optionalString(o + 7),
            hometown: row.optionalString(o + 8), currentLocation: row.optionalString(o + 9),
            isMember: row.bool(o + 10), joinedAt: Date(milliseconds: row.int64(o + 11)))
    }

    static func users(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: User] {
        let rows = try c.query(
            "SELECT \(columns) FROM users WHERE id = ANY($1::bigint[])", arguments: [.integers(distinct(ids))],
            row: { user($0) })
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }
}

extension PostgresUsers: UserStore {
    func createUser(username: String, name: String, passwordHash: String, isMember: Bool) throws -> User {
        let username = try Validation.username(username)
        let name = try Validation.nonBlank(name, field: "name")
        return try database.write { c in
            // The unique index on lower(username) settles a race the check could lose.
            let id = try c.queryFirst(
                """
                INSERT INTO users (username, name, password_hash, is_member, joined_at)
                VALUES ($1, $2, $3, $4, $5) ON CONFLICT (lower(username)) DO NOTHING RETURNING id
                """, username, name, passwordHash, isMember, clock().milliseconds
            ) { $0.int64(0) }
            guard let id else { throw DomainError.conflict("The username \(username) is taken.") }
            try PostgresSearch.index(userID: id, name: name, username: username, c)
            return try Self.users(ids: [id], c)[id]!
        }
    }

    func credentials(username: String) throws -> (userID: Int64, passwordHash: String)? {
        try database.read { c in
            try c.queryFirst(
                "SELECT id, password_hash FROM users WHERE lower(username) = lower($1)", username
            ) { (userID: $0.int64(0), passwordHash: $0.string(1)) }
        }
    }

    func storeToken(digest: [UInt8], userID: Int64) throws {
        try database.write { c in
            try c.execute(
                "INSERT INTO auth_tokens (user_id, digest, created_at) VALUES ($1, $2, $3)",
                userID, SQLBlob(digest), clock().milliseconds)
        }
    }

    func userID(tokenDigest digest: [UInt8]) throws -> Int64? {
        try database.read { c in
            try c.queryFirst("SELECT user_id FROM auth_tokens WHERE digest = $1", SQLBlob(digest)) { $0.int64(0) }
        }
    }

    func revokeToken(digest: [UInt8]) throws {
        try database.write { c in
            try c.execute("DELETE FROM auth_tokens WHERE digest = $1", SQLBlob(digest))
            guard c.changes > 0 else { return }
            try PostgresEvents.append(topic: EventLog.revokedTokensTopic, payload: EventLog.hex(digest: digest), c)
        }
    }

    func updateProfile(userID: Int64, _ change: ProfileChange) throws -> User {
        let change = try change.validated(today: clock())
        return try database.write { c in
            // Locked: two devices changing one profile apply their changes one after the other.
            guard let stored = try c.queryFirst(
                "SELECT \(Self.columns) FROM users WHERE id = $1 FOR UPDATE", userID, row: { Self.user($0) })
            else { throw DomainError.notFound("No user has this ID.") }
            let user = change.applied(to: stored)
            try c.execute(
                """
                UPDATE users SET name = $1, avatar_url = $2, bio = $3, gender = $4, profession = $5,
                birthday = $6, hometown = $7, current_location = $8 WHERE id = $9
                """, user.name, user.avatarURL, user.bio, user.gender?.rawValue, user.profession,
                user.birthday, user.hometown, user.currentLocation, userID)
            if change.name != nil { try PostgresSearch.index(userID: userID, name: user.name, username: user.username, c) }
            return user
        }
    }

    func setMember(userID: Int64, _ isMember: Bool) throws {
        try database.write { c in try c.execute("UPDATE users SET is_member = $1 WHERE id = $2", isMember, userID) }
    }

    func settings(userID: Int64) throws -> Settings {
        try database.read { c in try Self.settings(userID: userID, lock: false, c) }
    }

    static func settings(userID: Int64, lock: Bool, _ c: PostgresConnection) throws -> Settings {
        try c.queryFirst(
            """
            SELECT lunch_reminder_enabled, lunch_reminder_time, push_enabled FROM settings
            WHERE user_id = $1\(lock ? " FOR UPDATE" : "")
            """, userID
        ) {
            Settings(lunchReminderEnabled: $0.bool(0), lunchReminderTime: $0.string(1), pushEnabled: $0.bool(2))
        } ?? .defaults
    }

    func updateSettings(userID: Int64, _ change: SettingsChange) throws -> Settings {
        try database.write { c in
            // The user's row is locked so that a first change (no settings row yet) and a
            // second one at the same moment do not both start from the defaults.
            guard try c.exists("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", userID) else {
                throw DomainError.notFound("No user has this ID.")
            }
            let settings = try change.applied(to: Self.settings(userID: userID, lock: true, c))
            try c.execute(
                """
                INSERT INTO settings (user_id, lunch_reminder_enabled, lunch_reminder_time, push_enabled)
                VALUES ($1, $2, $3, $4)
                ON CONFLICT (user_id) DO UPDATE SET
                    lunch_reminder_enabled = excluded.lunch_reminder_enabled,
                    lunch_reminder_time = excluded.lunch_reminder_time,
                    push_enabled = excluded.push_enabled
                """, userID, settings.lunchReminderEnabled, settings.lunchReminderTime, settings.pushEnabled)
            return settings
        }
    }

    func recordSignInFailure(username: String) throws {
        let now = clock()
        try database.write { c in
            try c.execute(
                "DELETE FROM sign_in_failures WHERE username_key = $1 AND failed_at < $2",
                username.signInKey, now.addingTimeInterval(-86400).milliseconds)
            try c.execute(
                "INSERT INTO sign_in_failures (username_key, failed_at) VALUES ($1, $2)",
                username.signInKey, now.milliseconds)
        }
    }

    func signInFailures(username: String, since: Date) throws -> Int {
        try database.read { c in
            try c.queryFirst(
                "SELECT count(*) FROM sign_in_failures WHERE username_key = $1 AND failed_at >= $2",
                username.signInKey, since.milliseconds
            ) { $0.int(0) } ?? 0
        }
    }

    func clearSignInFailures(username: String) throws {
        try database.write { c in
            try c.execute("DELETE FROM sign_in_failures WHERE username_key = $1", username.signInKey)
        }
    }

    func user(id: Int64) throws -> User? { try users(ids: [id])[id] }

    func users(ids: [Int64]) throws -> [Int64: User] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.users(ids: ids, c) }
    }

    func user(username: String) throws -> User? {
        try database.read { c in
            try c.queryFirst(
                "SELECT \(Self.columns) FROM users WHERE lower(username) = lower($1)", username,
                row: { Self.user($0) })
        }
    }

    func stats(userIDs: [Int64]) throws -> [Int64: UserStats] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            // One statement: a lateral count per user over each table's index.
            let rows = try c.query(
                """
                SELECT u,
                    (SELECT count(*) FROM follows WHERE follower_id = u),
                    (SELECT count(*) FROM follows WHERE followee_id = u),
                    (SELECT count(*) FROM recipes WHERE author_id = u),
                    (SELECT count(*) FROM dishes WHERE author_id = u)
                FROM unnest($1::bigint[]) AS u
                """, arguments: [.integers(distinct(userIDs))]
            ) { row in
                (row.int64(0), UserStats(
                    followingCount: row.int(1), followersCount: row.int(2),
                    recipesCount: row.int(3), dishesCount: row.int(4)))
            }
            return Dictionary(rows, uniquingKeysWith: { first, _ in first })
        }
    }

    func viewerFollows(userIDs: [Int64], viewerID: Int64) throws -> Set<Int64> {
        guard !userIDs.isEmpty else { return [] }
        return try database.read { c in
            Set(try c.query(
                "SELECT followee_id FROM follows WHERE follower_id = $1 AND followee_id = ANY($2::bigint[])",
                arguments: [.integer(viewerID), .integers(distinct(userIDs))]) { $0.int64(0) })
        }
    }

    func follow(followerID: Int64, followeeID: Int64) throws -> User {
        guard followerID != followeeID else { throw DomainError.badInput("You cannot follow yourself.") }
        return try database.write { c in
            guard let user = try Self.users(ids: [followeeID], c)[followeeID] else {
                throw DomainError.notFound("No user has this ID.")
            }
            try c.execute(
                """
                INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
                ON CONFLICT (follower_id, followee_id) DO NOTHING
                """, followerID, followeeID, clock().milliseconds)
            return user
        }
    }

    func unfollow(followerID: Int64, followeeID: Int64) throws -> User {
        try database.write { c in
            guard let user = try Self.users(ids: [followeeID], c)[followeeID] else {
                throw DomainError.notFound("No user has this ID.")
            }
            try c.execute("DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2", followerID, followeeID)
            return user
        }
    }

    func followers(of userID: Int64, page: PageRequest) throws -> Page<Int64> {
        try followPage(of: userID, listed: "follower_id", by: "followee_id", page: page)
    }

    func following(of userID: Int64, page: PageRequest) throws -> Page<Int64> {
        try followPage(of: userID, listed: "followee_id", by: "follower_id", page: page)
    }

    /// One page of a user's follows, newest first, listing the column `listed` of the rows
    /// whose `by` is the user.
    private func followPage(of userID: Int64, listed: String, by: String, page: PageRequest) throws -> Page<Int64> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, id, \(listed) FROM follows
                WHERE \(by) = $1 AND (created_at, id) < ($2, $3)
                ORDER BY created_at DESC, id DESC LIMIT $4
                """, arguments: [.integer(userID)] + newestFirstBounds(page), request: page
            ) { $0.int64(2) }
        }
    }

    func followers(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        try database.read { c in
            try c.pages(
                table: "follows", parentColumn: "followee_id", columns: "id, follower_id",
                parentIDs: userIDs, request: page) { $0.int64(3) }
        }
    }

    func following(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        try database.read { c in
            try c.pages(
                table: "follows", parentColumn: "follower_id", columns: "id, followee_id",
                parentIDs: userIDs, request: page) { $0.int64(3) }
        }
    }
}
