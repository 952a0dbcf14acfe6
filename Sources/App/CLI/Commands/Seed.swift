import Foundation
import Storage

extension CommandSpec {
    /// `kitchen seed`: a large generated data set for benchmarks.
    public static let seed = CommandSpec(
        name: "seed", summary: "Fill a database with a generated data set of N recipes.",
        usage: "kitchen seed --db FILE|postgres://USER@HOST:PORT/DB --scale N",
        discussion: """
            Creates FILE (with its schema) when missing and appends N recipes with proportional
            users (N/10), follows, dishes, comments and goods. The content is deterministic;
            every generated user signs in with the demo password. Add --demo to load the demo
            set first, so the demo accounts exist beside the generated ones. A PostgreSQL
            database must hold no users yet: the set is generated on a temporary SQLite file
            and copied in, as migrate-data copies, so both stores get the same rows.
            """,
        flags: [
            .option("db", valueName: "FILE", environment: "KITCHEN_DB", default: "kitchen.sqlite",
                    summary: "The SQLite database file, or an empty PostgreSQL database (postgres://…)."),
            .option("scale", valueName: "N", environment: "KITCHEN_SEED_SCALE", default: "1000",
                    summary: "How many recipes to generate (1 to 10,000,000)."),
            .toggle("demo", environment: "KITCHEN_SEED_DEMO", summary: "Load the demo data set first."),
        ]
    ) { context in
        let scale: Int
        do {
            scale = try context.flags.int("scale", in: 1...10_000_000) ?? 1000
        } catch {
            return context.fail("\(error)")
        }
        let location = StoreLocation(context.flags.string("db") ?? "kitchen.sqlite")
        do {
            let started = Date()
            let summary: SeedSummary
            switch location {
            case .sqlite(let path):
                summary = try seed(path: path, scale: scale, context)
            case .postgres(let url):
                summary = try seedPostgres(url: url, scale: scale, context)
            }
            let seconds = Date().timeIntervalSince(started)
            context.console.print(
                "Seeded \(location.shown) in \(String(format: "%.1f", seconds)) s: \(summary.recipes) recipes, "
                    + "\(summary.users) users, \(summary.dishes) dishes, \(summary.comments) comments, "
                    + "\(summary.goods) goods.")
            return 0
        } catch {
            return context.fail("cannot seed \(location.shown): \(error)")
        }
    }

    /// Seeds the SQLite file at `path` (the demo set first with `--demo`), reporting progress.
    private static func seed(path: String, scale: Int, _ context: CommandContext) throws -> SeedSummary {
        let database = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { database.close() }
        if context.flags.bool("demo") {
            try DemoData.install(database: database, hasher: PasswordHasher())
        }
        return try DemoData.seed(database: database, scale: scale, progress: progress(path, context))
    }

    /// Seeds an empty PostgreSQL database with the same rows (`PostgresDatabase.seed`).
    private static func seedPostgres(url: String, scale: Int, _ context: CommandContext) throws -> SeedSummary {
        let target = try PostgresDatabase.open(url: url, poolSize: 2, roundTripLimit: nil)
        defer { target.close() }
        let shown = StoreLocation.postgres(url: url).shown
        return try target.seed(scale: scale, demo: context.flags.bool("demo"), progress: progress(shown, context))
    }

    /// Prints `done/total recipes (N%)` on standard error, once per percent.
    private static func progress(_ shown: String, _ context: CommandContext) -> (Int, Int) -> Void {
        var lastShown = -1
        return { done, total in
            let percent = total == 0 ? 100 : done * 100 / total
            guard percent != lastShown else { return }
            lastShown = percent
            context.console.printError("seeding \(shown): \(done)/\(total) recipes (\(percent)%)")
        }
    }
}
