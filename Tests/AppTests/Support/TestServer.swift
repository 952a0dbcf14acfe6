import Foundation
import Synchronization
import HTTPServer
@testable import App
@testable import Storage

/// A real Kitchen server for one test: `KitchenServer` on 127.0.0.1 with a free port and a
/// fresh database — a SQLite file in its own temporary directory, or, in scripts/test's
/// PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`), a schema of its own in the test
/// cluster named by `KITCHEN_TEST_POSTGRES` — with or without the demo data.
///
/// ```swift
/// let server = try TestServer.start()
/// defer { server.stop() }
/// let alice = try server.signUp("alice")
/// let data = try alice.client.post("{ viewer { name } }").ok()
/// ```
final class TestServer: Sendable {
    let server: KitchenServer
    let directory: URL
    /// The database the server runs on: a file path or a `postgres://` connection string.
    let location: String
    /// The PostgreSQL schema the server runs in (nil on SQLite).
    private let schema: PostgresScratchSchema?
    /// An anonymous client of this server.
    let anonymous: GraphQLClient

    private init(server: KitchenServer, directory: URL, location: String, schema: PostgresScratchSchema?) {
        self.server = server
        self.directory = directory
        self.location = location
        self.schema = schema
        anonymous = GraphQLClient(port: server.port, token: nil)
    }

    /// Whether this run's servers use PostgreSQL.
    static var onPostgres: Bool { ProcessInfo.processInfo.environment["KITCHEN_TEST_STORE"] == "postgres" }

    /// Starts a server on a fresh database (`demo` fills it with the demo data set), with
    /// the production request limits and caches unless a test needs others (tests that
    /// count what executing a request costs in SQL statements turn `caching` off: no
    /// response cache, every token looked up); `configure` sets any other option, and
    /// `log` gets the server's log lines.
    static func start(
        demo: Bool = false, limits: RequestLimits = .default, caching: Bool = true, log: RequestLog = .discard,
        configure: (inout ServeOptions) -> Void = { _ in }
    ) throws -> TestServer {
        try start(beside: nil, demo: demo, limits: limits, caching: caching, log: log, configure: configure)
    }

    /// Starts another instance on `other`'s database and media folder, as a second
    /// `kitchen serve` behind a load balancer would run; stopping it leaves the database to
    /// `other`.
    static func start(
        beside other: TestServer?, demo: Bool = false, limits: RequestLimits = .default, caching: Bool = true,
        log: RequestLog = .discard, configure: (inout ServeOptions) -> Void = { _ in }
    ) throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.threadCount = 4
        configuration.shutdownGracePeriod = .seconds(2)
        var schema: PostgresScratchSchema?
        if onPostgres, other == nil {
            guard let base = ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"] else {
                throw PostgresError.misuse("KITCHEN_TEST_POSTGRES names the test cluster (scripts/test starts one)")
            }
            schema = try PostgresScratchSchema(in: base)
        }
        let location = other?.location ?? schema?.url ?? directory.appendingPathComponent("kitchen.sqlite").path
        var options = ServeOptions(
            server: configuration, databasePath: location, loadDemo: demo, schemaPath: schemaPath)
        options.mediaFolder = (other?.directory ?? directory).appendingPathComponent("media").path
        options.databasePoolSize = 6
        options.limits = limits
        options.reportsStatementCounts = true
        if !caching {
            options.responseCacheBytes = 0
            options.cachesViewerTokens = false
        }
        configure(&options)
        do {
            return TestServer(
                server: try KitchenServer.start(options, log: log), directory: directory,
                location: location, schema: schema)
        } catch {
            schema?.drop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Stops the server and removes its database.
    func stop() {
        server.stop()
        schema?.drop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the server's database beside it (a second connection, as another process
    /// would) and runs `body` on its repositories; call it only between requests.
    func withRepositories<T>(_ body: (Repositories, any KitchenDatabase) throws -> T) throws -> T {
        let database = try StoreLocation(location).open(poolSize: 2, mediaFolder: directory.appendingPathComponent("media").path)
        defer { database.close() }
        return try body(database.repositories(clock: { Date() }, cachesReferents: false), database)
    }

    /// A client acting with `token` (nil: anonymous).
    func client(token: String? = nil) -> GraphQLClient {
        anonymous.with(token: token)
    }

    /// Signs up a new account (the username made unique with a suffix) and returns it signed
    /// in. Its password is `TestAccount.password`.
    func signUp(_ username: String = "cook", name: String? = nil) throws -> TestAccount {
        let unique = "\(username.prefix(20))_\(TestServer.nextSuffix())"
        let response = try anonymous.post(
            Self.signUpDocument,
            ["input": ["username": .string(unique), "password": .string(TestAccount.password),
                                  "name": .string(name ?? username)]])
        let payload = try response.ok()["signUp"]
        guard let token = payload["token"].string, let id = payload["user"]["id"].string else {
            throw UnexpectedResponse(response: response)
        }
        return TestAccount(id: id, username: unique, token: token, client: client(token: token))
    }

    /// The document `signUp` sends (a server that runs trusted documents only must list it).
    static let signUpDocument = """
        mutation SignUp($input: SignUpInput!) {
          signUp(input: $input) { token user { id username name } }
        }
        """

    /// Signs in an existing account (such as a demo one) and returns it.
    func signIn(_ username: String, password: String) throws -> TestAccount {
        let response = try anonymous.post(
            """
            mutation SignIn($username: String!, $password: String!) {
              signIn(username: $username, password: $password) { token user { id username } }
            }
            """, ["username": .string(username), "password": .string(password)])
        let payload = try response.ok()["signIn"]
        guard let token = payload["token"].string, let id = payload["user"]["id"].string else {
            throw UnexpectedResponse(response: response)
        }
        return TestAccount(id: id, username: username, token: token, client: client(token: token))
    }

    /// `Schema.graphql` at the top of the package (this file is Tests/AppTests/Support/…).
    static let schemaPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schema.graphql").path

    private static let counter = Counter()

    private static func nextSuffix() -> String {
        String(counter.next(), radix: 36) + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }
}

/// A signed-up account and a client that acts as it.
struct TestAccount: Sendable {
    /// The password every test account gets.
    static let password = "correct horse battery"

    /// The global `User` ID.
    let id: String
    let username: String
    let token: String
    let client: GraphQLClient
}

/// A thread-safe counter for unique names.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
