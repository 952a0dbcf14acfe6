import Synchronization

/// Which user each recently seen bearer-token digest belongs to, as of one generation of
/// the tokens table, so that a request need not look its token up in the database again
/// while no token has been stored or revoked.
///
/// It is a cache, not a session store: an entry is used only while the database's
/// generation of the watched tables (`Database.watchedGeneration`, which `Store` makes
/// watch `auth_tokens`) is the one it was read under. That generation moves with every
/// commit of this process that stores or deletes a token, and with every commit of
/// another process, so a sign-out or revocation is seen by the very next request; this
/// process's other writes (a cart change, a comment) leave the entries in use. Unknown
/// tokens are kept too (as nil), so that a client retrying a dead token costs no query
/// either.
final class ViewerTokenCache: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var users: [[UInt8]: Int64?] = [:]
    }

    /// The most digests kept; past it the cache starts again empty.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The user the digest named under `generation` (`.some(nil)`: no user), or nil when
    /// it is not known for that generation.
    func user(for digest: [UInt8], generation: UInt64) -> Int64?? {
        state.withLock { state in state.generation == generation ? state.users[digest] : nil }
    }

    /// Remembers what the database said of `digest` under `generation`.
    func remember(_ userID: Int64?, for digest: [UInt8], generation: UInt64) {
        state.withLock { state in
            if generation < state.generation { return }
            if generation > state.generation || state.users.count >= capacity {
                state.users.removeAll(keepingCapacity: true)
                state.generation = generation
            }
            state.users[digest] = userID
        }
    }
}
