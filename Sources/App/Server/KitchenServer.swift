import Foundation
import GraphQL
import HTTPServer
import Storage

/// What `kitchen serve` is told: where to listen, which database, whether to load the
/// demo, and which schema file.
public struct ServeOptions: Sendable {
    public var server: ServerConfiguration
    /// The database: a SQLite file path, or a `postgres://` connection string (`StoreLocation`).
    public var databasePath: String
    /// Connections a PostgreSQL store keeps open at most (`--db-pool`).
    public var databasePoolSize = StoreLocation.defaultPoolSize
    /// How long a PostgreSQL statement may wait for the server (`--db-timeout`); nil: no bound.
    public var databaseRoundTripLimit: Duration? = PostgresDatabase.defaultRoundTripLimit
    /// Where a PostgreSQL store keeps uploads (`--media`): a folder every instance shares.
    public var mediaFolder = "kitchen.media"
    /// The load balancers whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    public var trustedProxies: [String] = []
    /// Fill a new database with the demo data set.
    public var loadDemo: Bool
    /// The schema file; nil finds `Schema.graphql` (see `SchemaFile`).
    public var schemaPath: String?
    /// File upload limits (the multipart body limit of the HTTP server follows them).
    public var uploadLimits = UploadLimits()
    /// Subscription stream limits and keep-alive interval.
    public var subscriptions = SubscriptionOptions()
    /// How long a WebSocket may wait before its `connection_init` (then it is closed, 4408).
    public var webSocketInitTimeout: Duration = .seconds(10)
    /// The bounds every request must stay within.
    var limits = RequestLimits.default
    /// Automatic persisted queries, and the trusted documents when only those may run.
    public var trustedDocuments: TrustedDocuments?
    /// Report each request's SQL statement count in a response header (tests only).
    var reportsStatementCounts = false
    /// Remember which user each token belongs to while the data is unchanged (tests that
    /// count statements turn it off, with the response cache).
    var cachesViewerTokens = true
    /// Which other origins' pages may read responses (`--cors-origin`); nil: no CORS.
    var cors: CORSPolicy?
    /// Memory for the response cache (`ResponseCache`); 0 turns it off.
    public var responseCacheBytes = ServeOptions.defaultResponseCacheBytes
    /// 32 MiB: an answer and what it read take 1–10 KB as the bound counts them, so this
    /// holds some ten thousand typical screens. 8 MiB held 1,800 of the benchmark's 3,200
    /// recipe pages, searches, feeds and carts, and evicted the rest as they were asked.
    public static let defaultResponseCacheBytes = 32 << 20

    public init(
        server: ServerConfiguration = ServerConfiguration(), databasePath: String = "kitchen.sqlite",
        loadDemo: Bool = true, schemaPath: String? = nil
    ) {
        self.server = server
        self.databasePath = databasePath
        self.loadDemo = loadDemo
        self.schemaPath = schemaPath
    }
}

/// How many subscription streams may be open, and how often idle ones hear a keep-alive.
public struct SubscriptionOptions: Sendable {
    /// Streams at most per signed-in user (anonymous streams: per client address).
    public var maxStreamsPerUser = 5
    /// Streams at most in the process.
    public var maxStreams = 1000
    /// The interval of `: keep-alive` comments.
    public var keepAliveInterval: Duration = .seconds(15)

    public init() {}

    var hubLimits: SubscriptionHub.Limits {
        SubscriptionHub.Limits(perOwner: maxStreamsPerUser, total: maxStreams, keepAliveInterval: keepAliveInterval)
    }
}

/// Kitchen, running: the database, the bound schema and the HTTP server.
///
/// `start` does everything that can fail before the first request — reading and
/// validating the schema, binding the resolvers, opening and migrating the database —
/// and reports each failure with what to do about it.
public final class KitchenServer: Sendable {
    /// The port the server listens on (the real one when 0 was asked for).
    public let port: UInt16
    public let host: String
    private let http: HTTPServer
    private let database: any KitchenDatabase
    private let hub: SubscriptionHub
    private let webSocketWorkers: OperationWorkers

    private init(
        port: UInt16, host: String, http: HTTPServer, database: any KitchenDatabase, hub: SubscriptionHub,
        webSocketWorkers: OperationWorkers
    ) {
        self.port = port
        self.host = host
        self.http = http
        self.database = database
        self.hub = hub
        self.webSocketWorkers = webSocketWorkers
    }

    /// The address clients post to.
    public var url: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "http://\(host):\(port)/graphql"
    }

    /// Reads the schema, binds the resolvers, opens the database and starts listening.
    public static func start(_ options: ServeOptions, log: RequestLog) throws(StartupError) -> KitchenServer {
        let schemaFile = try SchemaFile.read(explicitPath: options.schemaPath)
        let bound = try KitchenSchema.bind(sdl: schemaFile.text, path: schemaFile.path)
        let database: any KitchenDatabase
        do {
            database = try StoreLocation(options.databasePath).open(
                poolSize: options.databasePoolSize, mediaFolder: options.mediaFolder,
                roundTripLimit: options.databaseRoundTripLimit)
        } catch {
            throw StartupError("cannot open the database \(StoreLocation(options.databasePath).shown): \(error)")
        }
        let hub = SubscriptionHub(limits: options.subscriptions.hubLimits)
        do {
            let store = try Store(database: database, cachesViewerTokens: options.cachesViewerTokens)
            if options.loadDemo, try database.installDemoData(hasher: store.passwords, now: Date()) {
                log.line("Loaded the demo data into \(database.location) (demo users sign in with password \"\(DemoData.password)\").")
            }
            let workers = OperationWorkers(threads: options.server.threadCount)
            let router = makeRouter(
                store: store, database: database, bound: bound, schemaText: schemaFile.text,
                options: options, hub: hub, log: log, webSocketWorkers: workers)
            let recovered = StagedRecovery.run(folder: store.mediaFolder, media: store.media)
            if !recovered.isEmpty {
                log.line("Put back \(recovered.count) uploaded picture(s) a stop had left unnamed in the media folder.")
            }
            store.mediaFolder.removeStaleStaged()
            var server = options.server
            server.maxMultipartBodySize = options.uploadLimits.maxRequestSize
            try hub.start(database: database)
            let http = HTTPServer(handler: KitchenRouter(router: router), configuration: server)
            router.developer.metrics.registerGauge("kitchen_open_connections", help: "HTTP connections open now.") {
                [weak http] in Double(http?.openConnections ?? 0)
            }
            router.developer.metrics.registerGauge("kitchen_open_websockets", help: "WebSocket connections open now.") {
                [weak http] in Double(http?.openWebSockets ?? 0)
            }
            router.developer.metrics.registerGauge("kitchen_open_subscriptions", help: "Subscription streams open now.") {
                [weak hub] in Double(hub?.openCount ?? 0)
            }
            let port: UInt16
            do {
                port = try http.start()
            } catch {
                hub.stop()
                workers.stop()
                throw error
            }
            return KitchenServer(
                port: port, host: options.server.host, http: http, database: database, hub: hub,
                webSocketWorkers: workers)
        } catch let error as StartupError {
            database.close()
            throw error
        } catch {
            database.close()
            throw StartupError("cannot start: \(error)")
        }
    }

    /// The handler behind `/graphql`, `/healthz`, `/schema.graphql`, `/media` and the
    /// developer paths, over an open store; `start` serves it, `makeHandlerForFuzzing` calls it without a socket.
    /// With `webSocketWorkers`, `/graphql` also serves GraphQL over WebSocket on them.
    static func makeRouter(
        store: Store, database: any KitchenDatabase, bound: BoundSchema<RequestContext>, schemaText: String,
        options: ServeOptions, hub: SubscriptionHub, log: RequestLog, webSocketWorkers: OperationWorkers? = nil
    ) -> Router<RequestContext> {
        let developer = DeveloperRoutes.serving(databasePath: (database as? Database)?.path)
        let shaping = ResponseShaping(cors: options.cors)
        var service = GraphQLService(bound: bound, limits: options.limits, onInternalError: { error, path in
            let id = RequestID.current ?? RequestID.make()
            log.line("internal error \(id) at \(path.map(\.text).joined(separator: ".")): \(error)")
            return DatabaseOutage.masked(error, requestID: id)
        })
        service.metrics = developer.metrics
        var endpoint = GraphQLEndpoint<RequestContext>(
            service: service,
            makeContext: { caller throws(GraphQLError) in
                try RequestContext.make(for: caller, store: store)
            },
            uploads: UploadSupport(
                limits: options.uploadLimits, folder: store.mediaFolder, media: store.media,
                attach: { context, uploads in
                    var context = context
                    context.uploads = uploads
                    return context
                }),
            subscriptions: SubscriptionSupport(hub: hub) { subscription, context throws(GraphQLError) in
                try SubscriptionResolvers.source(subscription, context: context)
            })
        endpoint.pipeline.persistedQueries.trusted = options.trustedDocuments
        endpoint.pipeline.forwardedAddresses = ForwardedAddresses(trusting: options.trustedProxies)
        if let webSocketWorkers {
            var webSocket = WebSocketSupport<RequestContext>(workers: webSocketWorkers) { $0.tokenDigest }
            webSocket.initTimeout = options.webSocketInitTimeout
            webSocket.operationLog = WebSocketOperationLog(developer: developer, log: log)
            endpoint.webSocket = webSocket
        }
        endpoint.pipeline.runOperation = { database.withSharedSnapshot($0) }
        endpoint.pipeline.writeDurability = WriteDurability(
            run: { execute in database.deferringDurability(execute) },
            whenDurable: { ticket, done in database.whenDurable(ticket, done) })
        developer.metrics.registerGauge("kitchen_database_commits", help: "Write transactions committed since start.") {
            Double(database.flushStatistics.commits)
        }
        developer.metrics.registerGauge("kitchen_database_flushes", help: "Syncs of the write-ahead log since start; each makes every commit before it durable.") {
            Double(database.flushStatistics.flushes)
        }
        if options.responseCacheBytes > 0 {
            let cache = ResponseCache(capacity: options.responseCacheBytes)
            endpoint.pipeline.responseCaching = ResponseCaching(
                cache: cache, generation: { try? database.checkedDataGeneration() },
                noticedGeneration: { database.noticedDataGeneration },
                requestState: { ($0.signedInUser, $0.dataGeneration) },
                recordReads: { execute in database.recordingReads(execute) },
                catalog: database.catalog, metrics: developer.metrics, compression: shaping.compression)
            database.observeChanges { cache.apply($0, currentGeneration: { database.noticedDataGeneration }) }
            developer.metrics.registerGauge("kitchen_response_cache_entries", help: "Query responses held in the response cache.") {
                Double(cache.count)
            }
            developer.metrics.registerGauge("kitchen_response_cache_bytes", help: "Bytes the response cache holds (keys, bodies and read sets), against its bound.") {
                Double(cache.size)
            }
            developer.metrics.registerGauge("kitchen_response_cache_emptied", help: "Times since start a change this process could not describe (another connection's commit) emptied the response cache.") {
                Double(cache.timesEmptied)
            }
        }
        var router = Router(
            graphQL: endpoint, schemaSDL: Array(schemaText.utf8),
            isHealthy: { (try? database.healthCheck()) != nil }, log: log,
            reportsStatementCounts: options.reportsStatementCounts,
            media: MediaEndpoint(folder: store.mediaFolder))
        router.developer = developer
        router.shaping = shaping
        return router
    }

    /// Ends the event streams, stops accepting, lets the requests in flight finish, then
    /// closes the database.
    public func stop() {
        hub.stop()
        http.stop()
        webSocketWorkers.stop()
        database.close()
    }
}

extension PathComponent {
    /// The component as a log shows it: a key, or an index.
    var text: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}

/// Short random ids that tie a client's `INTERNAL` error to the log line with its detail.
enum RequestID {
    static func make() -> String {
        String((0..<12).map { _ in "0123456789abcdefghijklmnopqrstuvwxyz".randomElement()! })
    }
}
