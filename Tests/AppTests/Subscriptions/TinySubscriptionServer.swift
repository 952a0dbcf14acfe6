import Foundation
import GraphQL
import HTTPServer
import Synchronization
import Testing

@testable import App
@testable import Storage

/// A real server with a tiny schema whose one subscription follows any event-log topic,
/// over a real database — a SQLite file, or in scripts/test's PostgreSQL pass a schema of
/// its own in the test cluster, as `TestServer` does — so that the SSE transport is tested
/// apart from the product. The viewer is the `X-User` header.
final class TinySubscriptionServer: Sendable {
    static let sdl = """
        type Query { ok: Boolean! }
        type Subscription {
          "Every event of a topic; `mine` listens to the caller's own topic `user:<X-User>`."
          events(topic: String): Event!
        }
        type Event { topic: String! payload: String! }
        """

    let port: UInt16
    let hub: SubscriptionHub
    private let http: HTTPServer
    let scratch: ScratchDatabase
    /// How many times the `events` root field has been resolved (once per execution).
    let executions: ExecutionCount

    init(limits: SubscriptionHub.Limits = .init(perOwner: 2, total: 100, keepAliveInterval: .seconds(60))) throws {
        let scratch = try ScratchDatabase()
        self.scratch = scratch
        let executions = ExecutionCount()
        self.executions = executions
        var resolvers = Resolvers<String?>()
        resolvers.type("Query") { query in query.field("ok") { _, _ in true } }
        resolvers.type("Subscription", parent: StoredEvent.self) { subscription in
            subscription.field("events", reading: []) { [executions] event, _, _ in
                executions.value.withLock { $0 += 1 }
                return Resolved.object(event, type: "Event")
            }
        }
        resolvers.type("Event", parent: StoredEvent.self) { event in
            event.property("topic") { $0.topic }
            event.property("payload") { $0.payload }
        }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: Self.sdl))
        hub = SubscriptionHub(limits: limits)
        try hub.start(database: scratch.database, pollInterval: .milliseconds(10))
        let endpoint = GraphQLEndpoint<String?>(
            service: GraphQLService(bound: bound),
            makeContext: { request in request.headers["X-User"] },
            subscriptions: SubscriptionSupport(hub: hub) { subscription, user throws(GraphQLError) in
                // No topic: the caller's own, which needs a caller.
                guard let topic = subscription.arguments.string("topic") else {
                    guard let user else { throw GraphQLError("Sign in first.", code: .unauthenticated) }
                    return SubscriptionSource(topic: "user:\(user)", owner: "user:\(user)") { $0 }
                }
                return SubscriptionSource(topic: topic, owner: user.map { "user:\($0)" }) { $0 }
            })
        let router = Router(graphQL: endpoint, schemaSDL: [], isHealthy: { true }, log: RequestLog { _ in })
        http = HTTPServer(handler: router, configuration: ServerConfiguration(host: "127.0.0.1", port: 0))
        port = try http.start()
    }

    /// Writes an event as another process would: through a database of its own on the
    /// same file or schema.
    func publish(_ topic: String, _ payload: String = "") throws {
        let other = try scratch.openAnother()
        defer { other.close() }
        try ScratchDatabase.appendEvent(topic: topic, payload: payload, through: other)
    }

    func stop() {
        hub.stop()
        http.stop()
        scratch.close()
    }

    static func with<T>(
        limits: SubscriptionHub.Limits = .init(perOwner: 2, total: 100, keepAliveInterval: .seconds(60)),
        _ body: (TinySubscriptionServer) throws -> T
    ) throws -> T {
        let server = try TinySubscriptionServer(limits: limits)
        defer { server.stop() }
        return try body(server)
    }
}

/// A counter the tiny server's resolvers bump.
final class ExecutionCount: Sendable {
    let value = Mutex(0)
}
