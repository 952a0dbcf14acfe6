/// The domain tables, one SQL script per aggregate, applied in order by `DomainMigrations`.
///
/// Conventions that hold in every script:
/// - every table has an `INTEGER PRIMARY KEY` (a rowid alias) unless it is a pure pair;
/// - times are `INTEGER` milliseconds since 1970 UTC, money is `INTEGER` cents;
/// - every keyset pagination order has an index that ends in `id DESC` (or `id` for
///   oldest-first lists), so page 1000 costs what page 1 costs;
/// - `CHECK` constraints guard the invariants a bug could break (stock never negative,
///   quantities positive, ratings 1–5, booleans 0 or 1), so SQLite refuses a bad write even
///   when the Swift rule above it is wrong.
enum DomainSchema {
    /// Users, their sign-in tokens (digests only), follows and settings.
    static let people = """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL COLLATE NOCASE UNIQUE
                CHECK (length(username) BETWEEN 3 AND 32),
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            password_hash TEXT NOT NULL,
            avatar_url TEXT,
            bio TEXT,
            gender TEXT CHECK (gender IN ('FEMALE', 'MALE', 'OTHER')),
            profession TEXT,
            birthday TEXT,
            hometown TEXT,
            current_location TEXT,
            is_member INTEGER NOT NULL DEFAULT 0 CHECK (is_member IN (0, 1)),
            joined_at INTEGER NOT NULL
        );

        -- A bearer token is stored only as its keyed digest; signing out deletes the row.
        CREATE TABLE auth_tokens (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            digest BLOB NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX auth_tokens_by_user ON auth_tokens(user_id);

        -- One row per (follower, followee); following yourself is refused by the CHECK too.
        CREATE TABLE follows (
            id INTEGER PRIMARY KEY,
            follower_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            followee_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            UNIQUE (follower_id, followee_id),
            CHECK (follower_id <> followee_id)
        );
        CREATE INDEX follows_followers_page ON follows(followee_id, created_at DESC, id DESC);
        CREATE INDEX follows_following_page ON follows(follower_id, created_at DESC, id DESC);

        -- A missing row means the defaults.
        CREATE TABLE settings (
            user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            lunch_reminder_enabled INTEGER NOT NULL CHECK (lunch_reminder_enabled IN (0, 1)),
            lunch_reminder_time TEXT NOT NULL
                CHECK (lunch_reminder_time GLOB '[0-2][0-9]:[0-5][0-9]'),
            push_enabled INTEGER NOT NULL CHECK (push_enabled IN (0, 1))
        );
        """

    /// Failed sign-ins per username, so repeated failures can be slowed down by any server
    /// of a cluster (no process-local counters). Rows older than a day are pruned on write.
    static let signInFailures = """
        CREATE TABLE sign_in_failures (
            id INTEGER PRIMARY KEY,
            username_key TEXT NOT NULL,
            failed_at INTEGER NOT NULL
        );
        CREATE INDEX sign_in_failures_by_name ON sign_in_failures(username_key, failed_at);
        """
}
