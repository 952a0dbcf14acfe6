import Foundation
import Storage

extension CommandSpec {
    /// `kitchen seed`: a large generated data set for benchmarks.
    public static let seed = CommandSpec(
        name: "seed", summary: "Fill a database with a generated data set of N recipes.",
        usage: "kitchen seed --db FILE --scale N",
        discussion: """
            Creates FILE (with its schema) when missing and appends N recipes with proportional
            users (N/10), follows, dishes, comments and goods. The content is deterministic;
            every generated user signs in with the demo password. Add --demo to load the demo
            set first, so the demo accounts exist beside the generated ones.
            """,
        flags: [
            .option("db", valueName: "FILE", environment: "KITCHEN_DB", default: "kitchen.sqlite",
                    summary: "The SQLite database file."),
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
        let path = context.flags.string("db") ?? "kitchen.sqlite"
        do {
            let database = try Database.open(path: path, migrations: DomainMigrations.all)
            defer { database.close() }
            if context.flags.bool("demo") {
                try DemoData.install(database: database, hasher: PasswordHasher())
            }
            let started = Date()
            var lastShown = -1
            let summary = try DemoData.seed(database: database, scale: scale) { done, total in
                let percent = total == 0 ? 100 : done * 100 / total
                guard percent != lastShown else { return }
                lastShown = percent
                context.console.printError("seeding \(path): \(done)/\(total) recipes (\(percent)%)")
            }
            let seconds = Date().timeIntervalSince(started)
            context.console.print(
                "Seeded \(path) in \(String(format: "%.1f", seconds)) s: \(summary.recipes) recipes, "
                    + "\(summary.users) users, \(summary.dishes) dishes, \(summary.comments) comments, "
                    + "\(summary.goods) goods.")
            return 0
        } catch {
            return context.fail("cannot seed \(path): \(error)")
        }
    }
}
