import Foundation
import GraphQL
import HTTPServer
import Storage

extension KitchenServer {
    /// The whole request path without a socket — the handler `serve` runs, over a database at
    /// `databasePath` (created, migrated and filled with the demo data when new), logging to
    /// `log`.
    ///
    /// For `Fuzz/`'s request target and other harnesses that feed requests straight in; the
    /// database stays open for the life of the process.
    public static func makeHandlerForFuzzing(
        databasePath: String, schemaPath: String? = nil, log: RequestLog = .discard
    ) throws -> any HTTPHandler {
        let schemaFile = try SchemaFile.read(explicitPath: schemaPath)
        let bound = try KitchenSchema.bind(sdl: schemaFile.text, path: schemaFile.path)
        let database = try StoreLocation(databasePath).open()
        let store = try Store(database: database)
        _ = try database.installDemoData(hasher: store.passwords, now: Date())
        let options = ServeOptions(databasePath: databasePath, loadDemo: true, schemaPath: schemaPath)
        // The hub is not started: no event poller runs for a harness.
        let router = makeRouter(
            store: store, database: database, bound: bound, schemaText: schemaFile.text,
            options: options, hub: SubscriptionHub(limits: options.subscriptions.hubLimits), log: log)
        return KitchenRouter(router: router)
    }
}
