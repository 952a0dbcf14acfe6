import Foundation
import GraphQL
import HTTPServer
import KitchenTestSupport
import Synchronization

@testable import App

/// A real server on 127.0.0.1 with a small described schema, the developer routes, and a
/// captured log: what the explorer, persisted-query, metrics and logging tests run against.
final class DeveloperTestServer: Sendable {
    static let sdl = #"""
        "The kitchen's little test schema."
        schema { query: Query mutation: Mutation }

        "How much a field or argument adds to an operation's cost (the GraphQL cost specification)."
        directive @cost(weight: String!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | OBJECT | SCALAR

        "How long a list can be (the GraphQL cost specification)."
        directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION

        "What can be read."
        type Query {
          """
          A greeting for `name`, as in:

          ```graphql
          { hello(name: "<b>you</b>") }
          ```

          1. Raw <b onclick="alert(1)">HTML</b> stays text.
          2. So does <script>alert(2)</script>.
          """
          hello("Who to greet." name: String = "world"): String!
          """
          Recipes, newest first: each `Recipe` of the kitchen
          with its level, *easy* or **hard**.

          - at most `first` of them
          - never more than three

          See [the guide](https://example.com/guide "Cooking") or [run this](javascript:alert(1)).
          """
          recipes("At most this many; `3` at most." first: Int = 2 @cost(weight: "2")): [Recipe!]!
            @listSize(assumedSize: 3, slicingArguments: ["first"], requireOneSlicingArgument: false) @cost(weight: "1")
          "Always fails, with an internal error."
          broken: String
        }

        "A dish to cook."
        type Recipe {
          "Its name."
          name: String!
          "How hard it is."
          level: Level!
        }

        "How hard a recipe is."
        enum Level { "Anyone." EASY "Practice first." HARD }

        "What can be changed."
        type Mutation {
          "Signs in; the password must never reach the log."
          signIn(username: String!, password: String!): String!
        }
        """#

    let port: UInt16
    let logLines: LogLines
    let developer: DeveloperRoutes
    private let http: HTTPServer

    init(logFormat: LogFormat = .text, trusted: TrustedDocuments? = nil) throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("hello", reading: ["name"]) { arguments, _ in "hello, \(arguments.string("name") ?? "?")" }
            query.field("recipes", reading: ["first"]) { arguments, _ in
                let names = ["红烧排骨 Braised ribs", "Tomato eggs", "Mapo tofu"]
                return Array(names.prefix(arguments.int("first") ?? 2)).map { name in
                    Value.object(ObjectValue([("name", .string(name)), ("level", .string("EASY"))]))
                }
            }
            query.field("broken") { _, _ -> String in throw TestFailure() }
        }
        resolvers.valueType("Recipe")
        resolvers.type("Mutation") { mutation in
            mutation.field("signIn", reading: []) { _, _ in "token-for-tests" }
        }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: Self.sdl))
        let lines = LogLines()
        let log = RequestLog(format: logFormat) { line in lines.withLock { $0.append(line) } }
        let developer = DeveloperRoutes()
        var service = GraphQLService(bound: bound, onInternalError: { error, _ in
            let id = RequestID.current ?? "none"
            log.line("internal error \(id): \(error)")
            return MaskedError(requestID: id)
        })
        service.metrics = developer.metrics
        var endpoint = GraphQLEndpoint(service: service, makeContext: { _ in () })
        endpoint.pipeline.persistedQueries.trusted = trusted
        var router = Router(graphQL: endpoint, schemaSDL: Array(Self.sdl.utf8), isHealthy: { true }, log: log)
        router.developer = developer
        http = HTTPServer(handler: router, configuration: ServerConfiguration(host: "127.0.0.1", port: 0))
        developer.metrics.registerGauge("kitchen_open_connections", help: "HTTP connections open now.") {
            [weak http] in Double(http?.openConnections ?? 0)
        }
        port = try http.start()
        self.developer = developer
        self.logLines = lines
    }

    func stop() { http.stop() }

    /// Runs `body` with a started server and stops it afterwards.
    static func with<T>(
        logFormat: LogFormat = .text, trusted: TrustedDocuments? = nil, _ body: (DeveloperTestServer) throws -> T
    ) throws -> T {
        let server = try DeveloperTestServer(logFormat: logFormat, trusted: trusted)
        defer { server.stop() }
        return try body(server)
    }

    /// One request on a new connection.
    func request(
        _ method: String, _ target: String, headers: [String] = [], body: String = ""
    ) throws -> TestClient.Response {
        let client = try TestClient(port: port)
        return try client.request(method, target, headers: headers, body: Array(body.utf8))
    }

    /// A POST of a JSON body to `/graphql`.
    func post(_ json: String, headers: [String] = []) throws -> TestClient.Response {
        try request("POST", "/graphql", headers: ["Content-Type: application/json"] + headers, body: json)
    }
}

/// A resolver failure that is not a GraphQL error.
struct TestFailure: Error, CustomStringConvertible {
    var description: String { "disk on fire" }
}

/// The lines a test server logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func withLock<T>(_ body: (inout [String]) -> T) -> T {
        lines.withLock { body(&$0) }
    }
}
