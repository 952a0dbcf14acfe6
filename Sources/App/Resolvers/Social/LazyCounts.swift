import Storage
import Synchronization

/// The `totalCount`s of a level's connections, loaded for every parent at once on the first
/// ask and not at all when no client asks: one grouped statement instead of one per parent.
final class LazyCounts<Key: Hashable & Sendable>: Sendable {
    private let load: @Sendable () throws -> [Key: Int]
    private let loaded = Mutex<[Key: Int]?>(nil)

    init(_ load: @escaping @Sendable () throws -> [Key: Int]) {
        self.load = load
    }

    /// The count for one parent (0 when it has no rows).
    func count(_ id: Key) throws -> Int {
        try loaded.withLock { loaded in
            if let loaded { return loaded[id] ?? 0 }
            let counts = try load()
            loaded = counts
            return counts[id] ?? 0
        }
    }
}

extension Connection {
    /// One connection per parent from batch-loaded pages, in the parents' order, with their
    /// counts shared through `counts`.
    static func each(
        _ parentIDs: [Int64], _ pages: [Int64: Page<Node>], counts: LazyCounts<Int64>
    ) -> [Connection<Node>] {
        parentIDs.map { id in
            Connection(pages[id] ?? Page(edges: [], hasNextPage: false, hasPreviousPage: false)) {
                try counts.count(id)
            }
        }
    }
}
