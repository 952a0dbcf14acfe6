import Foundation
import GraphQL
import Storage

extension ErrorCode {
    /// Too many attempts of something rate-limited (failed sign-ins); the message says when
    /// to try again.
    static let rateLimited = ErrorCode(rawValue: "RATE_LIMITED")
}

/// Limits failed sign-ins per account and per client address, inside the engine.
///
/// Every `signIn` field checks and records through this, so a request that repeats the
/// field under aliases, or a batch of requests, spends one try per field. Failures live in
/// the database (`sign_in_failures`), not in the process, so several servers behind a load
/// balancer share them; an address's failures are kept under a key no username can have
/// (`address <ip>`: usernames are letters, digits and `_`).
struct SignInThrottle: Sendable {
    /// Failed sign-ins one account may have within `window` before it is locked for the
    /// rest of the window.
    var perAccount = 5
    /// Failed sign-ins one address may have within `window`, over all accounts.
    var perAddress = 20
    /// How far back failures count.
    var window: TimeInterval = 15 * 60

    /// `RATE_LIMITED` if the account or the address has used up its tries.
    func check(username: String, address: String, users: any UserStore, now: Date = Date()) throws(GraphQLError) {
        let since = now.addingTimeInterval(-window)
        let accountFailures: Int
        let addressFailures: Int
        do {
            accountFailures = try users.signInFailures(username: username, since: since)
            addressFailures = address.isEmpty ? 0 : try users.signInFailures(username: Self.key(address), since: since)
        } catch {
            throw DatabaseOutage.clientError(error)
        }
        if accountFailures >= perAccount || addressFailures >= perAddress {
            throw GraphQLError(Self.tooMany(minutes: Int((window / 60).rounded(.up))), code: .rateLimited)
        }
    }

    /// Counts one failed try against the account and the address.
    func recordFailure(username: String, address: String, users: any UserStore) {
        try? users.recordSignInFailure(username: username)
        if !address.isEmpty { try? users.recordSignInFailure(username: Self.key(address)) }
    }

    /// Forgets the account's failures after a good sign-in (the address's stay).
    func recordSuccess(username: String, users: any UserStore) {
        try? users.clearSignInFailures(username: username)
    }

    /// The failures key for a client address.
    static func key(_ address: String) -> String { "address \(address)" }

    static func tooMany(minutes: Int) -> String {
        "Too many failed sign-ins. Try again in \(minutes) minutes."
    }
}
