import Synchronization

/// A bounded, thread-safe cache of prepared documents keyed by query text.
///
/// Clients send the same few documents over and over; parsing and validating each text
/// once saves most of a small request's work. Eviction is CLOCK (second chance): a hit
/// only sets a bit, so the lock is held for a dictionary lookup and nothing more, and a
/// miss prepares the document outside the lock.
public final class DocumentCache: Sendable {
    private struct Entry {
        let text: String
        let preparation: DocumentPreparation
        var referenced: Bool
    }

    private struct State {
        var entries: [Entry] = []
        var index: [String: Int] = [:]
        var hand = 0
    }

    /// The most documents kept.
    public let capacity: Int
    /// Texts longer than this (in UTF-8 bytes) are prepared but not kept.
    public let maxTextLength: Int
    private let state = Mutex(State())

    public init(capacity: Int = 1000, maxTextLength: Int = 100_000) {
        self.capacity = max(1, capacity)
        self.maxTextLength = maxTextLength
    }

    /// The number of documents held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The preparation of `text`: the cached one, or `prepare(text)` kept for next time.
    public func preparation(
        for text: String, prepare: (String) -> DocumentPreparation
    ) -> DocumentPreparation {
        let cached = state.withLock { state -> DocumentPreparation? in
            guard let position = state.index[text] else { return nil }
            state.entries[position].referenced = true
            return state.entries[position].preparation
        }
        if let cached { return cached }
        let prepared = prepare(text)
        guard text.utf8.count <= maxTextLength else { return prepared }
        state.withLock { state in
            guard state.index[text] == nil else { return }
            let entry = Entry(text: text, preparation: prepared, referenced: false)
            if state.entries.count < capacity {
                state.index[text] = state.entries.count
                state.entries.append(entry)
                return
            }
            // Second chance: clear referenced bits until an unreferenced entry comes up.
            while state.entries[state.hand].referenced {
                state.entries[state.hand].referenced = false
                state.hand = (state.hand + 1) % state.entries.count
            }
            state.index[state.entries[state.hand].text] = nil
            state.entries[state.hand] = entry
            state.index[text] = state.hand
            state.hand = (state.hand + 1) % state.entries.count
        }
        return prepared
    }
}
