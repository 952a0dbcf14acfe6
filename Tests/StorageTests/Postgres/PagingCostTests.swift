import Foundation
import Testing

@testable import Storage

/// Paging costs the same at ten times the data on PostgreSQL: a page reads the rows it
/// shows (and the one after), found by an index, never a scan or sort of the whole list —
/// counted in rows, which do not depend on the machine, not in time.
///
/// Sequential scans are off while counting: at these sizes a table is a few pages, and
/// PostgreSQL rightly reads it whole rather than through an index; what must hold is that
/// an index plan reading only the page exists, which the planner takes once tables are
/// large. (A search page is not here: a GIN index finds every match of a tier before the
/// newest are taken, so it reads rows in proportion to the matches — see the README.)
///
/// Runs in scripts/test's PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`).
@Suite("Paging cost flat with data size, on PostgreSQL", .enabled(if: TestStoreKind.current == .postgres))
struct PagingCostTests {
    /// A scratch schema of the test cluster filled by `kitchen seed`'s path at `scale`.
    final class Seeded: @unchecked Sendable {
        let schema: PostgresScratchSchema
        let database: PostgresDatabase

        init(scale: Int) throws {
            let base = try #require(ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"])
            schema = try PostgresScratchSchema(in: base)
            database = try PostgresDatabase.open(url: schema.url, poolSize: 2)
            _ = try database.seed(scale: scale)
        }

        deinit {
            database.close()
            schema.drop()
        }

        var repositories: Repositories { database.repositories(clock: { Date() }, cachesReferents: false) }

        /// Rows the statements of `body` read from this schema's tables and indexes: the
        /// transaction's own counters, with `body`'s reads nested in one read on this thread.
        func rowsRead(_ body: () throws -> Void) throws -> Int {
            try database.read { c in
                try c.runControl("SET LOCAL enable_seqscan = off")
                let before = try Self.counted(c)
                try body()
                return try Self.counted(c) - before
            }
        }

        private static func counted(_ c: PostgresConnection) throws -> Int {
            try c.queryFirst(
                """
                SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(oid) + pg_stat_get_xact_tuples_fetched(oid)), 0)::bigint
                FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i')
                """) { $0.int(0) } ?? 0
        }
    }

    /// Each page the test reads, by name, on one seeded database.
    static func pages(_ seeded: Seeded) throws -> [(String, Int)] {
        let r = seeded.repositories
        let first = try r.recipes.recipes(page: PageRequest(first: 20))
        let deep = try r.recipes.recipes(page: PageRequest(first: 100, cursor: first.edges.last!.cursor))
        let author = first.nodes[0].authorID
        let cases: [(String, () throws -> Void)] = [
            ("recipes, first page", { _ = try r.recipes.recipes(page: PageRequest(first: 20)) }),
            ("recipes, a page 120 deep", {
                _ = try r.recipes.recipes(page: PageRequest(first: 20, cursor: deep.edges.last!.cursor))
            }),
            ("an author's recipes", { _ = try r.recipes.recipes(authorID: author, page: PageRequest(first: 20)) }),
            ("dishes, first page", { _ = try r.dishes.dishes(page: PageRequest(first: 20)) }),
            ("a recipe's comments", {
                _ = try r.comments.comments(target: .recipe(first.nodes[0].id), page: PageRequest(first: 20))
            }),
        ]
        return try cases.map { name, body in (name, try seeded.rowsRead(body)) }
    }

    @Test("a page reads about as many rows at 2,000 recipes as at 200")
    func flat() throws {
        let small = try Self.pages(Seeded(scale: 200))
        let large = try Self.pages(Seeded(scale: 2000))
        for ((name, few), (_, many)) in zip(small, large) {
            print("\(name): \(few) rows at 200, \(many) at 2,000")
            #expect(many <= few + few / 2 + 10, "\(name): \(few) rows at 200 recipes, \(many) at 2,000")
        }
    }
}
