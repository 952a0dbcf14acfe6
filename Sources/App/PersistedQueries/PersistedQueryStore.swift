import Synchronization

/// Documents registered through automatic persisted queries, by SHA-256 hash: a bounded
/// cache in memory.
///
/// Losing an entry costs one round trip (the client is told `PersistedQueryNotFound` and
/// sends the text again), so the store may forget freely: it holds at most `maxBytes` of
/// text and forgets the oldest registrations first. Nothing here must survive a restart or
/// be shared between servers behind one load balancer.
final class PersistedQueryStore: Sendable {
    private struct State {
        var texts: [String: String] = [:]
        var order: [String] = []
        var head = 0
        var bytes = 0
    }

    /// The most text kept, in UTF-8 bytes.
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxBytes: Int = 16 << 20) {
        self.maxBytes = maxBytes
    }

    /// The text registered under `hash`, if it is still kept.
    func text(for hash: String) -> String? {
        state.withLock { $0.texts[hash] }
    }

    /// Keeps `text` under `hash` (whose match the caller has checked).
    func register(_ text: String, hash: String) {
        let size = text.utf8.count
        guard size <= maxBytes else { return }
        state.withLock { state in
            guard state.texts[hash] == nil else { return }
            while state.bytes + size > maxBytes, state.head < state.order.count {
                let oldest = state.order[state.head]
                state.head += 1
                state.bytes -= state.texts.removeValue(forKey: oldest)?.utf8.count ?? 0
            }
            if state.head > 1024, state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.texts[hash] = text
            state.order.append(hash)
            state.bytes += size
        }
    }

    /// How many documents are kept.
    var count: Int { state.withLock { $0.texts.count } }
}
