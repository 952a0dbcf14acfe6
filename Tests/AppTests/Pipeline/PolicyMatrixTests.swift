import Foundation
import GraphQL
import Storage
import Testing

@testable import App

/// Every policy over every transport, with the same verdict: the same error code and
/// message (or the same data) whichever way the request came. A transport is a row
/// (`MatrixTransports.all`); a policy is a test here.
@Suite("One pipeline: every policy, every transport, one verdict")
struct PolicyMatrixTests {
    /// Low limits, so that small operations breach each one; batching on.
    static var limits: RequestLimits {
        var limits = RequestLimits.default
        limits.maxDocumentBytes = 2500
        limits.parser.maxTokens = 300
        limits.operation.maxDepth = 6
        limits.operation.maxAliases = 4
        limits.operation.maxDirectivesPerLocation = 1
        limits.operation.maxCost = 50
        limits.maxVariableValues = 20
        limits.introspection = false
        limits.maxBatch = 3
        return limits
    }

    static let transports = MatrixTransports.all

    /// A server with the production limits and batching on (the batch transport is a row).
    static func start(configure: (inout ServeOptions) -> Void = { _ in }) throws -> TestServer {
        try TestServer.start {
            $0.limits.maxBatch = 3
            configure(&$0)
        }
    }

    /// Sends `operation(transport)` over each of `transports`; every verdict must equal
    /// `expected`, or — when only the code is known — have that code and all be equal.
    func expectSameVerdict(
        _ policy: String, over transports: [any MatrixTransport] = transports, port: UInt16,
        code: String?, messageContains: String? = nil, data: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ operation: (any MatrixTransport) throws -> MatrixOperation
    ) throws {
        var verdicts: [(String, Verdict)] = []
        for transport in transports {
            verdicts.append((transport.name, try transport.send(try operation(transport), port: port)))
        }
        let first = verdicts[0].1
        for (name, verdict) in verdicts {
            #expect(verdict.code == code, "\(policy) over \(name): \(verdict)", sourceLocation: sourceLocation)
            #expect(verdict == first, "\(policy): \(name) says \(verdict), \(verdicts[0].0) says \(first)",
                    sourceLocation: sourceLocation)
            if let messageContains {
                #expect(verdict.message?.contains(messageContains) == true, "\(policy) over \(name): \(verdict)",
                        sourceLocation: sourceLocation)
            }
            if let data { #expect(verdict.data == data, "\(policy) over \(name): \(verdict)", sourceLocation: sourceLocation) }
        }
    }

    @Test("every limit refuses alike: document size, tokens, depth, aliases, directives, cost, variable values")
    func limits() throws {
        let server = try TestServer.start(limits: Self.limits)
        defer { server.stop() }
        let port = server.server.port
        try expectSameVerdict("document size", port: port, code: "BAD_REQUEST", messageContains: "the limit is 2500") { _ in
            MatrixOperation(query: "{ __typename }" + String(repeating: " ", count: 2600))
        }
        try expectSameVerdict("tokens", port: port, code: "GRAPHQL_PARSE_FAILED", messageContains: "300") { _ in
            MatrixOperation(query: "{ " + String(repeating: "a ", count: 305) + "}")
        }
        try expectSameVerdict("depth", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "levels deep") { _ in
            MatrixOperation(
                query: "{ recipes(first: 1) { nodes { author { recipes(first: 1) { nodes { author { name } } } } } } }")
        }
        try expectSameVerdict("aliases", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "aliases") { _ in
            MatrixOperation(query: "{ a: __typename b: __typename c: __typename d: __typename e: __typename }")
        }
        try expectSameVerdict("directives", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "directives") { _ in
            MatrixOperation(query: "{ __typename @include(if: true) @skip(if: false) }")
        }
        try expectSameVerdict("cost", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "cost") { _ in
            MatrixOperation(query: "{ recipes(first: 100) { nodes { author { name } } } }")
        }
        try expectSameVerdict("variable values", port: port, code: "BAD_REQUEST", messageContains: "20 values") { _ in
            MatrixOperation(query: "query($list: [Int]) { __typename }", variables: ["list": .array((0..<30).map { .number(Double($0)) })])
        }
        try expectSameVerdict("introspection off", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "introspection") { _ in
            MatrixOperation(query: "{ __schema { queryType { name } } }")
        }
        try expectSameVerdict("within every limit", port: port, code: nil, data: #"{"__typename":"Query"}"#) { _ in
            MatrixOperation(query: "{ __typename }")
        }
    }

    @Test("a cost that depends on the variables is measured with each request's values; a subscription's at its largest pages")
    func costOfVariables() throws {
        let server = try TestServer.start(limits: Self.limits)
        defer { server.stop() }
        let port = server.server.port
        let query = "query($n: Int) { recipes(first: $n) { nodes { author { name } } } }"
        try expectSameVerdict("a small page", port: port, code: nil, data: #"{"recipes":{"nodes":[]}}"#) { _ in
            MatrixOperation(query: query, variables: ["n": 1])
        }
        try expectSameVerdict("a large page", port: port, code: "GRAPHQL_VALIDATION_FAILED", messageContains: "costs") { _ in
            MatrixOperation(query: query, variables: ["n": 100])
        }
        // A subscription's events run long after the request: it is held to the largest
        // pages its variables could ask for, whatever this request sends.
        let cook = try server.signUp("costly")
        let dish = try cook.uploadDish("priced")
        let subscription = "subscription($t: ID!, $n: Int) { commentAdded(targetId: $t) { author { recipes(first: $n) { nodes { author { name } } } } } }"
        try expectSameVerdict(
            "a subscription's pages", over: Self.transports.filter(\.streams), port: port,
            code: "GRAPHQL_VALIDATION_FAILED", messageContains: "costs"
        ) { _ in MatrixOperation(query: subscription, variables: ["t": .string(dish), "n": 1], isSubscription: true) }
    }

    @Test("a mutation runs over every transport but GET ones, which refuse it with 405 alike")
    func mutationOverGET() throws {
        let server = try Self.start()
        defer { server.stop() }
        let operation = MatrixOperation(query: "mutation { signOut }")
        try expectSameVerdict(
            "mutation over GET", over: Self.transports.filter(\.isSafe), port: server.server.port,
            code: "BAD_REQUEST", messageContains: "send them with POST"
        ) { _ in operation }
        // Elsewhere it runs, and is refused by the resolver for want of a viewer.
        try expectSameVerdict(
            "mutation over POST", over: Self.transports.filter { !$0.isSafe }, port: server.server.port,
            code: "UNAUTHENTICATED"
        ) { _ in operation }
    }

    @Test("a subscription opens on streaming transports only, and is refused alike on the others")
    func subscriptionsNeedAStream() throws {
        let server = try Self.start()
        defer { server.stop() }
        let cook = try server.signUp("streamer")
        let operation = MatrixOperation(
            query: "subscription { cartChanged { totalQuantity } }", token: cook.token, isSubscription: true)
        try expectSameVerdict(
            "subscription without a stream", over: Self.transports.filter { !$0.streams }, port: server.server.port,
            code: "BAD_REQUEST", messageContains: "Accept: text/event-stream"
        ) { _ in operation }
        try expectSameVerdict(
            "subscription on a stream", over: Self.transports.filter(\.streams), port: server.server.port,
            code: nil, messageContains: "stream opened"
        ) { _ in operation }
    }

    @Test("no token and a revoked token are the same anonymous caller: UNAUTHENTICATED on personal data")
    func noTokenAndRevokedToken() throws {
        let server = try Self.start()
        defer { server.stop() }
        let cook = try server.signUp("leaver")
        _ = try cook.client.post("mutation { signOut }").ok()
        let cart = MatrixOperation(query: "{ cart { totalQuantity } }")
        try expectSameVerdict("no token", port: server.server.port, code: "UNAUTHENTICATED") { _ in cart }
        var revoked = cart
        revoked.token = cook.token
        let anonymous = try PostTransport().send(cart, port: server.server.port)
        for transport in Self.transports {
            #expect(try transport.send(revoked, port: server.server.port) == anonymous, "revoked token over \(transport.name)")
        }
        let subscription = MatrixOperation(
            query: "subscription { cartChanged { totalQuantity } }", token: cook.token, isSubscription: true)
        try expectSameVerdict(
            "revoked token on a stream", over: Self.transports.filter(\.streams), port: server.server.port,
            code: "UNAUTHENTICATED"
        ) { _ in subscription }
    }

    @Test("automatic persisted queries: a miss, a registration, then a hit, alike on every transport")
    func automaticPersistedQueries() throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.server.port
        func operation(_ transport: any MatrixTransport, withText: Bool) -> MatrixOperation {
            // A text of each transport's own, so that each one starts with a miss.
            let text = "query APQ_\(transport.name.filter(\.isLetter)) { __typename }"
            let hash = ContentHash.sha256(Array(text.utf8))
            return MatrixOperation(
                query: withText ? text : nil,
                extensions: ["persistedQuery": ["version": 1, "sha256Hash": .string(hash)]])
        }
        try expectSameVerdict("hash miss", port: port, code: "PERSISTED_QUERY_NOT_FOUND", messageContains: "PersistedQueryNotFound") {
            operation($0, withText: false)
        }
        try expectSameVerdict("register", port: port, code: nil, data: #"{"__typename":"Query"}"#) {
            operation($0, withText: true)
        }
        try expectSameVerdict("hit", port: port, code: nil, data: #"{"__typename":"Query"}"#) {
            operation($0, withText: false)
        }
    }

    @Test("trusted documents only: other text — a mutation too — is refused on every transport; listed ones run")
    func trustedDocumentsOnly() throws {
        let query = "query Trusted { __typename }"
        let subscription = "subscription Cart { cartChanged { totalQuantity } }"
        let documents = try TrustedDocuments(documents: Dictionary(
            uniqueKeysWithValues: [query, subscription, TestServer.signUpDocument].map {
                (ContentHash.sha256(Array($0.utf8)), $0)
            }))
        let server = try Self.start { $0.trustedDocuments = documents }
        defer { server.stop() }
        let port = server.server.port
        try expectSameVerdict("arbitrary text", port: port, code: "PERSISTED_QUERY_NOT_IN_LIST") { _ in
            MatrixOperation(query: "{ __typename }")
        }
        try expectSameVerdict("a mutation's text", port: port, code: "PERSISTED_QUERY_NOT_IN_LIST") { _ in
            MatrixOperation(query: #"mutation { signIn(username: "ann", password: "x") { token } }"#)
        }
        try expectSameVerdict("a listed document by id", port: port, code: nil, data: #"{"__typename":"Query"}"#) { _ in
            MatrixOperation(documentId: "sha256:" + ContentHash.sha256(Array(query.utf8)))
        }
        let cook = try server.signUp("trusted")
        try expectSameVerdict("a listed subscription", over: Self.transports.filter(\.streams), port: port,
                              code: nil, messageContains: "stream opened") { _ in
            MatrixOperation(
                documentId: "sha256:" + ContentHash.sha256(Array(subscription.utf8)), token: cook.token,
                isSubscription: true)
        }
    }

    @Test("cross-site requests: a multipart upload needs a preflight header; a form-encoded POST is refused on every POST transport")
    func crossSiteRequests() throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.server.port
        let operation = MatrixOperation(query: "{ __typename }")
        let refused = try MultipartUploadTransport(preflightHeader: false).send(operation, port: port)
        #expect(refused.code == "BAD_REQUEST")
        #expect(refused.message?.contains("cross-site request forgery") == true, "\(refused)")
        #expect(try MultipartUploadTransport().send(operation, port: port).data == #"{"__typename":"Query"}"#)
        let simple: [any MatrixTransport] = [
            PostTransport(name: "POST text/plain", contentType: "text/plain"),
            EventStreamTransport(method: "POST", contentType: "text/plain"),
            MultipartSubscriptionTransport(method: "POST", contentType: "application/x-www-form-urlencoded"),
        ]
        try expectSameVerdict("a form POST", over: simple, port: port, code: "HTTP 415") { _ in operation }
    }

    @Test("U+0000 a mutation would store is refused alike everywhere (GET: 405 first); in a query it is text")
    func nulInput() throws {
        let server = try Self.start()
        defer { server.stop() }
        let cook = try server.signUp("nul")
        let port = server.server.port
        let inDocument = MatrixOperation(query: "mutation { createDraft(name: \"a\\u0000b\") { name } }", token: cook.token)
        let inVariables = MatrixOperation(
            query: "mutation($n: String!) { createDraft(name: $n) { name } }", variables: ["n": "a\u{0}b"], token: cook.token)
        for operation in [inDocument, inVariables] {
            try expectSameVerdict(
                "stored NUL", over: Self.transports.filter { !$0.isSafe }, port: port, code: "BAD_USER_INPUT",
                messageContains: StoredTexts.message) { _ in operation }
            try expectSameVerdict(
                "stored NUL over GET", over: Self.transports.filter(\.isSafe), port: port, code: "BAD_REQUEST",
                messageContains: "send them with POST") { _ in operation }
        }
        #expect(try cook.client.post("{ viewer { drafts { totalCount } } }").ok()["viewer"]["drafts"]["totalCount"] == 0)
        try expectSameVerdict("NUL in a query", port: port, code: nil, data: #"{"search":{"totalCount":0}}"#) { _ in
            MatrixOperation(query: "{ search(keyword: \"a\\u0000b\") { totalCount } } # and \u{0} in a comment")
        }
    }

    @Test("a batch over --max-batch is refused as a whole; batching is off by default")
    func batchSize() throws {
        let server = try TestServer.start(limits: Self.limits)
        defer { server.stop() }
        let four = [MatrixOperation](repeating: MatrixOperation(query: "{ __typename }"), count: 4)
        let tooMany = try BatchTransport().sendBatch(four, port: server.server.port)
        #expect(tooMany.code == "BAD_REQUEST")
        #expect(tooMany.message == RequestPipeline<RequestContext>.batchTooLarge(4, limit: 3))
        let plain = try TestServer.start()
        defer { plain.stop() }
        let off = try BatchTransport().send(MatrixOperation(query: "{ __typename }"), port: plain.server.port)
        #expect(off.code == "BAD_REQUEST")
        #expect(off.message == RequestPipeline<RequestContext>.batchingOff)
    }
}
