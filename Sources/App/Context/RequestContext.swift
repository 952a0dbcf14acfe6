import Foundation
import GraphQL
import HTTPServer
import Storage

/// What every resolver of one request sees: the store, and who is asking.
struct RequestContext: Sendable {
    let store: Store
    /// The signed-in user's row id; nil for an anonymous client (no token, or a token that
    /// names no live session — the two are treated alike, so a token cannot be probed).
    /// Reading it marks the thread (`ThreadViewerReads`): the answer then depends on who asks.
    var viewerID: Int64? {
        ThreadViewerReads.mark()
        return signedInUser
    }
    /// `viewerID` without marking the thread: for the response cache's own bookkeeping.
    let signedInUser: Int64?
    /// The digest of the bearer token this request carries, for `signOut`.
    let tokenDigest: [UInt8]?
    /// The client's numeric IP address (empty if unknown), for per-address rate limits.
    var remoteAddress: String = ""
    /// The database's data generation read when the request began (nil if it could not
    /// be read): what the token lookup and the response cache were checked against.
    var dataGeneration: UInt64? = nil
    /// The files of a multipart request (none for other requests).
    var uploads = RequestUploads.none

    /// The viewer's row id, or `UNAUTHENTICATED` for an anonymous client.
    func requireViewer() throws(GraphQLError) -> Int64 {
        guard let viewerID else {
            throw GraphQLError("You must sign in to see or change this.", code: .unauthenticated)
        }
        return viewerID
    }

    /// The context for a caller: reads `Authorization: Bearer <token>`.
    static func make(for request: Caller, store: Store) throws(GraphQLError) -> RequestContext {
        let generation = try? store.database.checkedDataGeneration()
        guard let token = bearerToken(request.headers["Authorization"]) else {
            return RequestContext(
                store: store, signedInUser: nil, tokenDigest: nil, remoteAddress: request.remoteAddress,
                dataGeneration: generation)
        }
        let digest = store.tokens.digest(token)
        // Read after the data generation, whose check notices other connections' commits.
        let tokensGeneration = generation.map { _ in store.database.watchedGeneration }
        let viewerID: Int64?
        if let tokensGeneration,
            let known = store.viewerTokens?.user(for: digest, generation: tokensGeneration)
        {
            viewerID = known
        } else {
            do {
                viewerID = try store.users.userID(tokenDigest: digest)
            } catch {
                throw DatabaseOutage.clientError(error)
            }
            if let tokensGeneration {
                store.viewerTokens?.remember(viewerID, for: digest, generation: tokensGeneration)
            }
        }
        return RequestContext(
            store: store, signedInUser: viewerID, tokenDigest: viewerID == nil ? nil : digest,
            remoteAddress: request.remoteAddress, dataGeneration: generation)
    }

    /// The token of a `Bearer` authorization header (scheme case-insensitive).
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        if let token = plainBearerToken(header) { return token }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].utf8.count == 6, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].spaceTrimmed
        guard !token.isEmpty, token.utf8.count <= 200 else { return nil }
        return token
    }

    /// The token of the spelling nearly every client sends — `Bearer ` and then printable
    /// ASCII with no space — read on bytes; nil for anything else, which `bearerToken`
    /// then reads the general way.
    private static func plainBearerToken(_ header: String) -> String? {
        let prefix: StaticString = "bearer "
        let read = header.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.count > prefix.utf8CodeUnitCount, bytes.count <= prefix.utf8CodeUnitCount + 200 else {
                return nil
            }
            // Indexed loops over the bytes in place: `zip` and `allSatisfy` over the UTF-8
            // view cost about ten times as much on every request's token.
            let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            for index in expected.indices where bytes[index] | 0x20 != expected[index] { return nil }
            for index in expected.count..<bytes.count where bytes[index] <= 0x20 || bytes[index] >= 0x7F {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[expected.count...]), as: UTF8.self)
        }
        // A string not stored as contiguous UTF-8 (bridged, or not yet native) goes the
        // general way.
        return read ?? nil
    }
}
