import Synchronization

/// Which user each recently seen bearer-token digest belongs to, as of one data
/// generation, so that a request need not look its token up in the database again while
/// nothing has been written.
///
/// It is a cache, not a session store: an entry is used only while the database's data
/// generation is the one it was read under, so a sign-out or revocation — a write, here or
/// in another process — is seen by the very next request. Unknown tokens are kept too
/// (as nil), so that a client retrying a dead token costs no query either.
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
