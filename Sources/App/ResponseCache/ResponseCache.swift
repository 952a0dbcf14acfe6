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
/// Each answer is kept twice over: by what the request means (`Key`) and by the
/// request's exact bytes, so that a client repeating itself byte for byte — the common
/// case — is answered before its body is even decoded. The entries' total size is
/// bounded; when a new one would pass the bound, everything is dropped and filling starts
/// again, which keeps the bookkeeping to two dictionaries.
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

    /// The request exactly as it arrived, for answering a repeat before even decoding it:
    /// the body's bytes and every header that can change the answer.
    struct RequestBytesKey: Hashable, Sendable {
        var body: [UInt8]
        var contentType: String?
        var authorization: String?
        var mediaType: GraphQLMediaType

        var approximateSize: Int { body.count + (contentType?.utf8.count ?? 0) + (authorization?.utf8.count ?? 0) + 32 }

        /// Hashes the body as one run of bytes: the synthesized hash fed `Hasher` one byte at
        /// a time, about 20 instructions a byte, which was 2% of a mutation's cost and more
        /// of a cached query's.
        func hash(into hasher: inout Hasher) {
            hasher.combine(body.count)
            body.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(contentType)
            hasher.combine(authorization)
            hasher.combine(mediaType)
        }
    }

    /// A stored answer and the operation name the request log shows for it.
    struct Entry: Sendable {
        var response: HTTPResponse
        var operationName: String?
    }

    private struct State {
        var generation: UInt64 = 0
        var entries: [Key: HTTPResponse] = [:]
        var byBytes: [RequestBytesKey: Entry] = [:]
        var size = 0

        mutating func startOver(at generation: UInt64) {
            entries.removeAll(keepingCapacity: true)
            byBytes.removeAll(keepingCapacity: true)
            size = 0
            self.generation = generation
        }
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

    /// The stored answer to a request with exactly these bytes and the generation it was
    /// stored under, if there is one.
    func entry(for key: RequestBytesKey) -> (entry: Entry, generation: UInt64)? {
        state.withLock { state in state.byBytes[key].map { ($0, state.generation) } }
    }

    /// Keeps `response` for `key` (and, when given, for the request's exact bytes),
    /// computed from the data of `generation`; an older generation than the newest seen is
    /// not kept, a newer one drops every entry first.
    func store(
        _ response: HTTPResponse, for key: Key, bytes: RequestBytesKey? = nil, operationName: String? = nil,
        generation: UInt64
    ) {
        let size = key.approximateSize + (bytes?.approximateSize ?? 0) + response.body.count
        guard size <= capacity else { return }
        state.withLock { state in
            if generation < state.generation { return }
            if generation > state.generation || state.size + size > capacity { state.startOver(at: generation) }
            if state.entries.updateValue(response, forKey: key) == nil { state.size += key.approximateSize + response.body.count }
            if let bytes, state.byBytes.updateValue(Entry(response: response, operationName: operationName), forKey: bytes) == nil {
                state.size += bytes.approximateSize
            }
        }
    }

    /// Entries held now.
    var count: Int { state.withLock { $0.entries.count } }
}
