import GraphQL
import HTTPServer
import Storage
import Synchronization

/// Whole responses to queries, each kept with what it read, until a write changes that.
///
/// A query's response is a function of its text, operation name and variables, of who
/// asks, of the data it read, and — for a few fields — of the time. The cache keys on the
/// first four, and keeps beside each answer the `ReadSet` recorded while it ran: the
/// tables it read in whole (with their columns) and the rows it read by a key. Each commit
/// hands the cache its `ChangeSet` (`apply`), and exactly the answers it affects are
/// dropped: a comment on one recipe drops that recipe's page and the lists that count its
/// comments, not the other recipes' pages; a cart change drops that viewer's cart, not
/// feeds or other carts. A change nobody described (another process writing the file)
/// drops everything. Responses that read the clock, carry errors, or ran while a commit
/// changed something they read are not stored (see `ResponseCaching`).
///
/// Each answer is found two ways: by what the request means (`Key`) and by the request's
/// exact bytes, so that a client repeating itself byte for byte — the common case — is
/// answered before its body is even decoded. The entries' total size (keys, bodies and
/// read sets) is bounded; a full cache evicts by CLOCK, a cheap approximation of "least
/// recently used": each hit marks its entry, and the hand passes over marked entries once
/// (clearing the mark) before it evicts one, so answers asked for again stay.
final class ResponseCache: Sendable {
    /// What a response depends on besides the data and the time.
    struct Key: Hashable, Sendable {
        var query: String
        var operationName: String?
        var variables: ObjectValue
        /// Whom the answer is for.
        var audience: Audience
        var mediaType: GraphQLMediaType

        /// Bytes the key holds, roughly, for the size bound.
        var approximateSize: Int { query.utf8.count + (operationName?.utf8.count ?? 0) + 64 * (variables.count + 1) }
    }

    /// Whom an answer is for: one signed-in user, anonymous clients, or anyone (its
    /// execution never asked who the viewer is, so every viewer gets the same answer).
    enum Audience: Hashable, Sendable {
        case anyone
        case anonymous
        case user(Int64)
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

    /// The most bytes of keys, bodies and read sets held at once.
    let capacity: Int
    private let state = Mutex(ResponseCacheState())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The stored response for `key`, if there is one.
    func response(for key: Key) -> HTTPResponse? {
        state.withLock { state in state.hit(state.byKey[key])?.entry.response }
    }

    /// The stored answer to a request with exactly these bytes, if there is one.
    func entry(for key: RequestBytesKey) -> Entry? {
        state.withLock { state in state.hit(state.byBytes[key])?.entry }
    }

    /// Keeps `response` for `key` (and, when given, for the request's exact bytes) with
    /// what it read — unless a commit since `generation`, the data generation its request
    /// began under, changed something it read. `currentGeneration` is read under the
    /// cache's lock. A commit moves the generation before it hands its changes to `apply`,
    /// which waits for that lock: a change applied already is among the recent ones
    /// (`ResponseCacheState.recentChanges`) and is checked against `reads` here; one not
    /// applied yet drops the answer when it is. Under concurrent writes most answers run
    /// while some commit is made; refusing them all left a cache that stopped filling.
    func store(
        _ response: HTTPResponse, for key: Key, bytes: RequestBytesKey? = nil, operationName: String? = nil,
        reads: ReadSet, generation: UInt64, currentGeneration: () -> UInt64
    ) {
        let size = key.approximateSize + (bytes?.approximateSize ?? 0) + response.body.count
            + (response.gzippedBody?.count ?? 0) + reads.approximateSize
        guard size <= capacity else { return }
        state.withLock { state in
            guard currentGeneration() == generation || !state.changed(reads, since: generation) else { return }
            state.insert(
                StoredAnswer(
                    entry: Entry(response: response, operationName: operationName), key: key, bytes: bytes,
                    reads: reads, size: size),
                capacity: capacity)
        }
    }

    /// Drops every answer `changes` affects, and remembers them, with the data generation
    /// after their commit (`currentGeneration`, read under the lock), for the answers
    /// still running that began before it.
    func apply(_ changes: ChangeSet, currentGeneration: () -> UInt64) {
        state.withLock { state in
            state.drop(affectedBy: changes)
            state.remember(changes, generation: currentGeneration())
        }
    }

    /// Entries held now.
    var count: Int { state.withLock { $0.answers.count } }

    /// Times a change nobody described (another connection's commit) emptied it whole.
    var timesEmptied: Int { state.withLock { $0.emptied } }

    /// Bytes held now (keys, bodies and read sets, as the bound counts them).
    var size: Int { state.withLock { $0.size } }
}
