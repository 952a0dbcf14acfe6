import Foundation
import Testing

@testable import App
@testable import Storage

/// `kitchen migrate-data`: a SQLite database's rows, copied into an empty PostgreSQL one.
@Suite("kitchen migrate-data")
struct MigrateDataStoreTests {
    @Test("it needs an existing SQLite file and a postgres:// target, and says so")
    func refusesBadArguments() {
        let files = TemporaryFiles()
        let missing = runKitchen(["migrate-data", "--from", files.directory.appendingPathComponent("none.sqlite").path, "--to", "postgres://x@127.0.0.1:1/x"])
        #expect(missing.status != 0 && missing.error.contains("--from FILE"))
        let path = files.write("k.sqlite", "")
        let notPostgres = runKitchen(["migrate-data", "--from", path, "--to", "other.sqlite"])
        #expect(notPostgres.status != 0 && notPostgres.error.contains("--to postgres://"))
    }

    @Test(
        "the demo data set arrives whole: rows, ids, sign-in secrets, counts and search",
        .enabled(if: TestServer.onPostgres, "needs the PostgreSQL pass's cluster"))
    func copiesTheDemo() throws {
        let files = TemporaryFiles()
        let path = files.directory.appendingPathComponent("demo.sqlite").path
        let source = try Database.open(path: path, migrations: DomainMigrations.all)
        _ = try DemoData.install(database: source, hasher: PasswordHasher(), now: Date())
        let secret = try source.secret(named: "token-digest-key", byteCount: 32)
        let expected = try source.read { c in
            try ["users", "recipes", "dishes", "comments", "orders", "cart_items", "dish_likes"].map { table in
                (table, try c.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } ?? 0)
            }
        }
        let aliceCart = try CartRepository(database: source).cart(userID: 1)
        source.close()

        let base = try #require(ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"])
        let schema = try PostgresScratchSchema(in: base)
        defer { schema.drop() }
        let run = runKitchen(["migrate-data", "--from", path, "--to", schema.url])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.contains("Copied"))

        let target = try PostgresDatabase.open(url: schema.url, poolSize: 2)
        defer { target.close() }
        for (table, count) in expected {
            let copied = try target.read { c in try c.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } }
            #expect(copied == count, "\(table)")
        }
        #expect(try target.secret(named: "token-digest-key", byteCount: 32) == secret)
        let stores = target.repositories(clock: { Date() }, cachesReferents: false)
        let cart = try stores.cart.cart(userID: 1)
        #expect(cart.lines.map(\.item.id) == aliceCart.lines.map(\.item.id))
        #expect(cart.selectedSubtotal == aliceCart.selectedSubtotal)
        #expect(try stores.search.recipeMatchesCount(keyword: "鸡蛋") > 0)
        #expect(try stores.dishes.likesCounts(dishIDs: [1]) == (try DishLikes.expected(path)))
        // A second copy into the filled database is refused, and changes nothing.
        let again = runKitchen(["migrate-data", "--from", path, "--to", schema.url])
        #expect(again.status != 0 && again.error.contains("has users already"))
        // New rows continue after the copied ids.
        let user = try stores.users.createUser(username: "after_copy", name: "After", passwordHash: "x", isMember: false)
        #expect(user.id > Int64(expected[0].1))
    }
}

/// The like counts of the demo's first dish as the SQLite file has them.
private enum DishLikes {
    static func expected(_ path: String) throws -> [Int64: Int] {
        let database = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { database.close() }
        return try DishRepository(database: database).likesCounts(dishIDs: [1])
    }
}
