import Synchronization

/// What each kind in a cart refers to — the kind, its goods, the goods' shop — kept between
/// cart changes, so that the cart a change answers with is read as its lines alone (one
/// index range) instead of a join of five tables, and its names are not decoded again.
///
/// Goods, kinds and shops are watched tables (`Database.watchChanges(to:)`), and the entries
/// are those of one `Database.watchedGeneration`: they are used and stored only by a write
/// on the writer that sees the tables as that generation has them
/// (`Database.watchedGenerationSeen(byWriter:)`). Any change to a goods, kind or shop — a
/// price, a stock count, a name — by this process or another moves the generation, and the
/// next change empties the cache.
final class CartReferentsCache: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var entries: [Int64: CartLine.Referents] = [:]
    }

    private let state = Mutex(State())

    /// Kinds kept at most; a full cache starts again empty. Each entry is a kind, a goods
    /// and a shop (a few hundred bytes with their names).
    static let capacity = 4096

    /// The tables the entries are read from, to be watched.
    static let tables = ["goods", "kinds", "shops"]

    /// The kept referents of each of `kindIDs`, in the same order: nil for a kind not kept
    /// under `generation`.
    func referents(of kindIDs: [Int64], generation: UInt64) -> [CartLine.Referents?] {
        state.withLock { state in
            guard state.generation == generation else { return Array(repeating: nil, count: kindIDs.count) }
            return kindIDs.map { state.entries[$0] }
        }
    }

    /// Keeps referents read under `generation`, dropping any kept under another.
    func keep(_ read: [CartLine.Referents], generation: UInt64) {
        state.withLock { state in
            if state.generation != generation || state.entries.count + read.count > Self.capacity {
                state.entries.removeAll(keepingCapacity: true)
                state.generation = generation
            }
            for referents in read { state.entries[referents.kind.id] = referents }
        }
    }

    /// How many kinds are kept now, for tests.
    var count: Int { state.withLock { $0.entries.count } }
}
