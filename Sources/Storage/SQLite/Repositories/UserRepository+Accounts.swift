import Foundation

extension UserRepository {
    /// Creates an account; the password arrives already hashed (see `PasswordHasher`).
    ///
    /// The username must be 3–32 letters, digits or `_` and not taken (any case: `conflict`);
    /// the name must not be blank.
    public func createUser(
        username: String, name: String, passwordHash: String, isMember: Bool = false
    ) throws -> User {
        let username = try Validation.username(username)
        let name = try Validation.nonBlank(name, field: "name")
        return try database.write { c in
            guard try !c.exists("SELECT 1 FROM users WHERE username = ?", username) else {
                throw DomainError.conflict("The username \(username) is taken.")
            }
            try c.execute(
                """
                INSERT INTO users (username, name, password_hash, is_member, joined_at)
                VALUES (?, ?, ?, ?, ?)
                """, username, name, passwordHash, isMember, clock().milliseconds)
            let id = c.lastInsertRowID
            try Self.index(userID: id, name: name, username: username, c)
            return try Self.users(ids: [id], c)[id]!
        }
    }

    /// Writes a user's rows in the search indexes (replacing older ones).
    static func index(userID: Int64, name: String, username: String, _ c: Connection) throws {
        let name = FullText.indexable(name)
        try c.execute("DELETE FROM user_name_search WHERE rowid = ?", userID)
        try c.execute("INSERT INTO user_name_search (rowid, name) VALUES (?, ?)", userID, name)
        try c.execute("DELETE FROM user_search WHERE rowid = ?", userID)
        try c.execute(
            "INSERT INTO user_search (rowid, name, username) VALUES (?, ?, ?)", userID, name, username)
    }

    /// The id and stored password hash for a username (case-insensitive), for signing in.
    public func credentials(username: String) throws -> (userID: Int64, passwordHash: String)? {
        try database.read { c in
            try c.queryFirst(
                "SELECT id, password_hash FROM users WHERE username = ?", username
            ) { (userID: $0.int64(0), passwordHash: $0.string(1)) }
        }
    }

    /// Stores the digest of a new bearer token for a user (never the token itself).
    public func storeToken(digest: [UInt8], userID: Int64) throws {
        try database.write { c in
            try c.execute(
                "INSERT INTO auth_tokens (user_id, digest, created_at) VALUES (?, ?, ?)",
                userID, SQLBlob(digest), clock().milliseconds)
        }
    }

    /// The user a token digest belongs to, or `nil` for an unknown or revoked token.
    public func userID(tokenDigest digest: [UInt8]) throws -> Int64? {
        try database.read { c in
            try c.queryFirst(
                "SELECT user_id FROM auth_tokens WHERE digest = ?", SQLBlob(digest)
            ) { $0.int64(0) }
        }
    }

    /// Revokes a token by its digest, and announces it on the event log so that every
    /// stream opened with it ends, in every process; revoking an unknown one changes nothing.
    public func revokeToken(digest: [UInt8]) throws {
        try database.write { c in
            try c.execute("DELETE FROM auth_tokens WHERE digest = ?", SQLBlob(digest))
            guard c.changes > 0 else { return }
            try EventLog.append(topic: EventLog.revokedTokensTopic, payload: EventLog.hex(digest: digest), c)
        }
    }

    /// Changes the given profile fields and returns the user; a given name must not be
    /// blank, a birthday must be a real date not in the future.
    public func updateProfile(userID: Int64, _ change: ProfileChange) throws -> User {
        let change = try change.validated(today: clock())
        return try database.write { c in
            guard let stored = try Self.users(ids: [userID], c)[userID] else {
                throw DomainError.notFound("No user has this ID.")
            }
            let user = change.applied(to: stored)
            try c.execute(
                """
                UPDATE users SET name = ?, avatar_url = ?, bio = ?, gender = ?, profession = ?,
                birthday = ?, hometown = ?, current_location = ? WHERE id = ?
                """, user.name, user.avatarURL, user.bio, user.gender?.rawValue, user.profession,
                user.birthday, user.hometown, user.currentLocation, userID)
            if change.name != nil { try Self.index(userID: userID, name: user.name, username: user.username, c) }
            return user
        }
    }

    /// Makes a user a lunch member or not.
    public func setMember(userID: Int64, _ isMember: Bool) throws {
        try database.write { c in
            try c.execute("UPDATE users SET is_member = ? WHERE id = ?", isMember, userID)
        }
    }

    /// A user's settings (the defaults when never changed).
    public func settings(userID: Int64) throws -> Settings {
        try database.read(rowsOf: [("settings", "user_id")], userID) { c in try Self.settings(userID: userID, c) }
    }

    static func settings(userID: Int64, _ c: Connection) throws -> Settings {
        try c.queryFirst(
            """
            SELECT lunch_reminder_enabled, lunch_reminder_time, push_enabled
            FROM settings WHERE user_id = ?
            """, userID
        ) {
            Settings(
                lunchReminderEnabled: $0.bool(0), lunchReminderTime: $0.string(1),
                pushEnabled: $0.bool(2))
        } ?? .defaults
    }

    /// Changes the given settings and returns them all; a time must be `HH:MM`.
    public func updateSettings(userID: Int64, _ change: SettingsChange) throws -> Settings {
        try database.write { c in
            let settings = try change.applied(to: Self.settings(userID: userID, c))
            try c.execute(
                """
                INSERT INTO settings (user_id, lunch_reminder_enabled, lunch_reminder_time,
                    push_enabled) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET
                    lunch_reminder_enabled = excluded.lunch_reminder_enabled,
                    lunch_reminder_time = excluded.lunch_reminder_time,
                    push_enabled = excluded.push_enabled
                """, userID, settings.lunchReminderEnabled, settings.lunchReminderTime,
                settings.pushEnabled)
            return settings
        }
    }
}
