import GraphQL
import HTTPServer
import Synchronization

/// Whole responses to queries, kept while the data they were computed from is unchanged.
///
/// A query's response is a function of its text, operation name and variables, of who
/// asks, of the data, and — for a few fields — of the time. The cache keys on the first
/// four and keeps each entry under the database's data generation: any write moves the
/// generation and every older entry is dropped, so a response is never served after a
/// write that could have changed it. Responses that read the clock, carry errors, or ran
/// while a write committed are not stored (see `ResponseCaching`).
///
/// The entries' total size is bounded; when a new one would pass the bound, everything is
/// dropped and filling starts again, which keeps the bookkeeping to one dictionary.
final class ResponseCache: Sendable {
    /// What a response depends on besides the data and the time.
    struct Key: Hashable, Sendable {
        var query: String
        var operationName: String?
        var variables: ObjectValue
        /// The viewer's user id; nil for anonymous requests.
        var viewer: Int64?
        var mediaType: GraphQLMediaType

        /// Bytes the key holds, roughly, for the size bound.
        var approximateSize: Int { query.utf8.count + (operationName?.utf8.count ?? 0) + 64 * (variables.count + 1) }
    }

    private struct State {
        var generation: UInt64 = 0
        var entries: [Key: HTTPResponse] = [:]
        var size = 0
    }

    /// The most bytes of keys and bodies held at once.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The stored response for `key`, if it was stored under `generation`.
    func response(for key: Key, generation: UInt64) -> HTTPResponse? {
        state.withLock { state in state.generation == generation ? state.entries[key] : nil }
    }

    /// Keeps `response` for `key`, computed from the data of `generation`; an older
    /// generation than the newest seen is not kept, a newer one drops every entry first.
    func store(_ response: HTTPResponse, for key: Key, generation: UInt64) {
        let size = key.approximateSize + response.body.count
        guard size <= capacity else { return }
        state.withLock { state in
            if generation < state.generation { return }
            if generation > state.generation || state.size + size > capacity {
                state.entries.removeAll(keepingCapacity: true)
                state.size = 0
                state.generation = generation
            }
            if state.entries.updateValue(response, forKey: key) == nil { state.size += size }
        }
    }

    /// Entries held now.
    var count: Int { state.withLock { $0.entries.count } }
}
