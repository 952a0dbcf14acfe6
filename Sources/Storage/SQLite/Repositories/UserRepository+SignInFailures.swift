import Foundation

extension UserRepository {
    /// Records a failed sign-in for a username (any case, known or not) and forgets that
    /// name's failures older than a day.
    public func recordSignInFailure(username: String) throws {
        let key = username.signInKey
        let now = clock()
        try database.write { c in
            try c.execute(
                "DELETE FROM sign_in_failures WHERE username_key = ? AND failed_at < ?",
                key, now.addingTimeInterval(-86400).milliseconds)
            try c.execute(
                "INSERT INTO sign_in_failures (username_key, failed_at) VALUES (?, ?)",
                key, now.milliseconds)
        }
    }

    /// How many sign-ins for a username failed since `since`, for rate limiting.
    public func signInFailures(username: String, since: Date) throws -> Int {
        try database.read { c in
            try c.queryFirst(
                "SELECT count(*) FROM sign_in_failures WHERE username_key = ? AND failed_at >= ?",
                username.signInKey, since.milliseconds
            ) { $0.int(0) } ?? 0
        }
    }

    /// Forgets a username's failures, after a successful sign-in.
    public func clearSignInFailures(username: String) throws {
        try database.write { c in
            try c.execute(
                "DELETE FROM sign_in_failures WHERE username_key = ?", username.signInKey)
        }
    }
}
