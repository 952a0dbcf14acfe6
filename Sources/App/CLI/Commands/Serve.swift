import HTTPServer
import Storage

extension CommandSpec {
    /// `kitchen serve`: the README's start command.
    public static let serve = CommandSpec(
        name: "serve", summary: "Start the GraphQL server (demo data on a new database).",
        usage: "kitchen serve [--host ADDRESS] [--port N] [--db FILE|postgres://…] [--no-demo] [OPTION…]",
        discussion: """
            Serves GraphQL at http://HOST:PORT/graphql, the explorer at http://HOST:PORT/ (and
            at /graphql in a browser), Prometheus metrics at /metrics, plus /healthz and
            /schema.graphql.

            A new database file is created with its schema and, unless --no-demo, the demo data
            set. --db postgres://USER@HOST:PORT/DB serves a PostgreSQL database instead (its
            schema is brought up to date at start), which several instances may share.
            SIGINT or SIGTERM stops the server after the requests in flight finish.
            """,
        flags: ServerFlags.all + LimitFlags.all + StreamFlags.all + [
            .option(
                "db", valueName: "FILE", environment: "KITCHEN_DB", default: "kitchen.sqlite",
                summary: "The SQLite database file (created when missing), or a postgres:// connection string."),
            .option(
                "db-pool", valueName: "N", environment: "KITCHEN_DB_POOL", default: "\(StoreLocation.defaultPoolSize)",
                summary: "PostgreSQL connections this instance keeps open at most."),
            .option(
                "db-timeout", valueName: "SECONDS", environment: "KITCHEN_DB_TIMEOUT",
                default: "\(PostgresDatabase.defaultRoundTripLimit.components.seconds)",
                summary: "How long a PostgreSQL statement may wait for the server before the request gets 503; 0: no bound."),
            .option(
                "media", valueName: "DIR", environment: "KITCHEN_MEDIA", default: "kitchen.media",
                summary: "Where uploads go on PostgreSQL (SQLite keeps them beside its file); shared by every instance."),
            .option(
                "trusted-proxy", valueName: "ADDRESS,…", environment: "KITCHEN_TRUSTED_PROXY",
                summary: "Load balancers whose X-Forwarded-For names the client, for the per-address limits."),
            .toggle("no-demo", environment: "KITCHEN_NO_DEMO", summary: "Do not load the demo data into a new database."),
            .option(
                "schema", valueName: "FILE", environment: "KITCHEN_SCHEMA",
                summary: "The schema file (default: Schema.graphql here or beside the package)."),
            .option(
                "response-cache-bytes", valueName: "N", environment: "KITCHEN_RESPONSE_CACHE_BYTES",
                default: "\(ServeOptions.defaultResponseCacheBytes)",
                summary: "Memory for whole query responses, each reused until a write changes what it read; 0 turns the cache off."),
        ] + ShapingFlags.all + DeveloperFlags.all
    ) { context in
        var options: ServeOptions
        do {
            options = ServeOptions(
                server: try ServerFlags.configuration(from: context.flags),
                databasePath: context.flags.string("db") ?? "kitchen.sqlite",
                loadDemo: !context.flags.bool("no-demo"),
                schemaPath: context.flags.string("schema"))
            options.limits = try LimitFlags.limits(from: context.flags)
            try StreamFlags.apply(context.flags, to: &options)
            if let pool = try context.flags.int("db-pool", in: 1...1000) { options.databasePoolSize = pool }
            if let seconds = try context.flags.int("db-timeout", in: 0...3600) {
                options.databaseRoundTripLimit = seconds == 0 ? nil : .seconds(seconds)
            }
            if let media = context.flags.string("media") { options.mediaFolder = media }
            if let list = context.flags.string("trusted-proxy") {
                guard let proxies = ForwardedAddresses.addresses(in: list) else {
                    throw FlagError.invalidValue(
                        flag: "trusted-proxy", value: list, expected: "numeric IPv4 or IPv6 addresses, comma-separated",
                        source: context.flags.source("trusted-proxy"))
                }
                options.trustedProxies = proxies
            }
            options.trustedDocuments = try DeveloperFlags.trustedDocuments(from: context.flags)
            options.cors = try ShapingFlags.corsPolicy(from: context.flags)
            if let bytes = try context.flags.int("response-cache-bytes", in: 0...(1 << 34)) {
                options.responseCacheBytes = bytes
            }
        } catch {
            return context.fail("\(error)")
        }
        HTTPServer.blockTerminationSignals()
        // One write per batch of request lines, not per request (see `BatchedLines`).
        let lines = BatchedLines { context.console.write($0) }
        let log: RequestLog
        do {
            log = RequestLog(format: try DeveloperFlags.logFormat(from: context.flags)) { lines.append($0) }
        } catch {
            return context.fail("\(error)")
        }
        let server: KitchenServer
        do {
            server = try KitchenServer.start(options, log: log)
        } catch {
            lines.flush()
            return context.fail("\(error)" + StartupHints.hint(for: "\(error)"))
        }
        // The server's own messages follow the request lines before them, written at once.
        func say(_ message: String) {
            lines.append(message + "\n")
            lines.flush()
        }
        say("Kitchen is serving GraphQL at \(server.url)")
        say("Explorer: \(server.url.dropLast("graphql".count))  Metrics: \(server.url.dropLast("graphql".count))metrics")
        let signal = HTTPServer.waitForTerminationSignal()
        say("Signal \(signal): finishing the requests in flight, then stopping.")
        server.stop()
        say("Stopped.")
        return 0
    }
}
