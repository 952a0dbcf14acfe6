import Synchronization

/// Whoever must hear at once that a token was revoked though it has no stream open: a
/// WebSocket, which is signed in once (by `connection_init`) for all its operations and
/// closes with 4403 when its token goes, even while it runs only queries.
///
/// The hub tells them when it ends the token's streams (`endStreams(ofRevoked:)`), in
/// every process on the database.
final class RevocationWatchers: Sendable {
    private struct State {
        var byDigest: [[UInt8]: [UInt64: @Sendable () -> Void]] = [:]
        var nextKey: UInt64 = 1
    }

    private let state = Mutex(State())

    /// Calls `revoked` once, on a hub thread, when the token of `digest` is revoked; the
    /// returned key stops the watch (`unwatch`).
    func watch(_ digest: [UInt8], revoked: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.byDigest[digest, default: [:]][key] = revoked
            return key
        }
    }

    func unwatch(_ digest: [UInt8], key: UInt64) {
        state.withLock { state in
            state.byDigest[digest]?[key] = nil
            if state.byDigest[digest]?.isEmpty == true { state.byDigest[digest] = nil }
        }
    }

    /// Tells, and forgets, every watcher of `digest`.
    func revoke(_ digest: [UInt8]) {
        let watchers = state.withLock { $0.byDigest.removeValue(forKey: digest) ?? [:] }
        for revoked in watchers.values { revoked() }
    }

    /// How many watches are open (for tests).
    var count: Int { state.withLock { $0.byDigest.values.reduce(0) { $0 + $1.count } } }
}

extension SubscriptionHub {
    /// Watches the token of `digest` for revocation (see `RevocationWatchers`); nil, and
    /// no watch, when it was revoked already (since the hub started).
    func watchRevocation(of digest: [UInt8], _ revoked: @escaping @Sendable () -> Void) -> UInt64? {
        let key = revocationWatchers.watch(digest, revoked: revoked)
        // After the watch is in: a revocation from now on calls it, an earlier one is seen here.
        guard !state.withLock({ $0.revoked.contains(digest) }) else {
            revocationWatchers.unwatch(digest, key: key)
            return nil
        }
        return key
    }
}
