import Foundation
import GraphQL
import HTTPServer
import Synchronization
import Testing

@testable import App

/// A real HTTP server on 127.0.0.1 serving Kitchen's GraphQL-over-HTTP layer over a tiny
/// schema, so the protocol is tested apart from the product's data.
final class TinyGraphQLServer: Sendable {
    static let sdl = """
        type Query {
          hello(name: String = "world"): String!
          count: Int!
          fail: String
        }
        type Mutation {
          bump: Int!
        }
        """

    let port: UInt16
    let state: TinyState
    private let http: HTTPServer

    init(
        configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0),
        limits: RequestLimits = .default,
        writeDurability: WriteDurability? = nil
    ) throws {
        let state = TinyState()
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("hello", reading: ["name"]) { arguments, _ in "hello, \(arguments.string("name") ?? "?")" }
            query.field("count") { _, _ in state.counter.withLock { $0 } }
            query.field("fail") { _, _ -> String in throw TinyFailure() }
        }
        resolvers.type("Mutation") { mutation in
            mutation.field("bump") { _, _ in state.counter.withLock { value in value += 1; return value } }
        }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: Self.sdl))
        let log = RequestLog { line in state.logLines.withLock { $0.append(line) } }
        var endpoint = GraphQLEndpoint(
            service: GraphQLService(bound: bound, limits: limits, onInternalError: { _, _ in MaskedError(requestID: "req-1") }),
            makeContext: { _ in () })
        endpoint.pipeline.writeDurability = writeDurability
        let router = Router(
            graphQL: endpoint,
            schemaSDL: Array(Self.sdl.utf8), isHealthy: { true }, log: log)
        http = HTTPServer(handler: router, configuration: configuration)
        port = try http.start()
        self.state = state
    }

    var url: String { "http://127.0.0.1:\(port)/graphql" }

    func stop() { http.stop() }

    /// Runs `body` with a started server and stops it afterwards.
    static func with<T>(
        limits: RequestLimits = .default, writeDurability: WriteDurability? = nil,
        _ body: (TinyGraphQLServer) throws -> T
    ) throws -> T {
        let server = try TinyGraphQLServer(limits: limits, writeDurability: writeDurability)
        defer { server.stop() }
        return try body(server)
    }
}

/// What the tiny server's resolvers and log change.
final class TinyState: Sendable {
    let counter = Mutex(0)
    let logLines = Mutex<[String]>([])
}

/// A resolver failure that is not a GraphQL error: it must reach clients masked.
struct TinyFailure: Error, CustomStringConvertible {
    var description: String { "SELECT secret FROM vault /var/lib/kitchen.sqlite" }
}
