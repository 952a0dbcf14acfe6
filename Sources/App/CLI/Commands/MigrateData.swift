import Foundation
import Storage

extension CommandSpec {
    /// `kitchen migrate-data`: copies a SQLite database's rows into an empty PostgreSQL one.
    public static let migrateData = CommandSpec(
        name: "migrate-data", summary: "Copy a SQLite database's data into an empty PostgreSQL database.",
        usage: "kitchen migrate-data --from FILE --to postgres://USER@HOST:PORT/DB",
        discussion: """
            Brings the PostgreSQL schema up to date, then copies every row of FILE in one
            transaction: ids, sign-in tokens, carts, orders and the server's secrets come
            along, so clients stay signed in. The target must have no users yet; nothing is
            written when any row fails. Stop the servers on FILE first. Uploaded pictures are
            files: copy FILE.media/ to the folder the instances' --media names.
            """,
        flags: [
            .option("from", valueName: "FILE", environment: "KITCHEN_MIGRATE_FROM", summary: "The SQLite database to read."),
            .option("to", valueName: "URL", environment: "KITCHEN_MIGRATE_TO", summary: "The PostgreSQL database to fill (postgres://…)."),
        ]
    ) { context in
        guard let from = context.flags.string("from"), FileManager.default.fileExists(atPath: from) else {
            return context.fail("migrate-data needs --from FILE, an existing SQLite database")
        }
        guard let to = context.flags.string("to"), case .postgres(let url) = StoreLocation(to) else {
            return context.fail("migrate-data needs --to postgres://USER@HOST:PORT/DB")
        }
        do {
            let source = try Database.open(path: from, migrations: DomainMigrations.all)
            defer { source.close() }
            let target = try PostgresDatabase.open(url: url, poolSize: 2, roundTripLimit: nil)
            defer { target.close() }
            let copied = try target.importRows(from: source)
            let total = copied.reduce(0) { $0 + $1.rows }
            context.console.print(
                "Copied \(total) rows of \(copied.count) tables from \(from) to \(StoreLocation(to).shown).")
            return 0
        } catch {
            return context.fail("cannot migrate \(from): \(error)")
        }
    }
}
