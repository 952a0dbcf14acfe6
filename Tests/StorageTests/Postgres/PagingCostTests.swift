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
/// large. Search pages are counted too: keywords common and rare, Chinese and English,
/// first pages and later ones, whichever tier fills them.
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

    /// Recipes of their own for the rare searches, the same few at any scale: each text
    /// once in a name, once in the ingredients, once in a description only. Some pair a rare
    /// word with a common one (egg, 清蒸), which a search must not walk.
    static let rare = ["鲥鱼", "quokka", "wombat egg", "鲥鱼 wombat", "清蒸鲥鱼"]

    /// Each search page the test reads, by name: keywords that fill their first pages from
    /// the names (排骨, egg, 西兰花), the ingredients (garlic, egg garlic, olive oil) or the
    /// descriptions (家常, 家常做法, every one), several keywords, English and mixed with
    /// Chinese, and Chinese phrases longer than one term; and rare searches whose few
    /// matches spread over every tier. A common search's pages are as long as 200 recipes
    /// fill twice over (its first page, then the one after it, both full with more to come),
    /// so both sizes read full pages; a rare one's later page starts after its name.
    static func searches(_ seeded: Seeded) throws -> [(String, Int)] {
        let r = seeded.repositories
        let author = try r.recipes.recipes(page: PageRequest(first: 1)).nodes[0].authorID
        try seeded.database.write { c in
            for text in rare {
                for (name, ingredient, description) in [
                    ("\(text) one", "salt", "plain"), ("plain", text, "plain"), ("plain", "salt", "with \(text)"),
                ] {
                    _ = try PostgresRecipes.insert(
                        authorID: author, name: name, description: description, coverURL: nil, tips: nil,
                        ingredients: [Ingredient(name: ingredient, amount: "1")], steps: [], createdAt: Date(), c)
                }
            }
        }
        let common = [
            ("排骨", 20), ("egg", 15), ("garlic", 15), ("家常", 20), ("egg garlic", 2), ("olive oil", 10),
            ("排骨 garlic", 3), ("家常 egg", 10), ("西兰花", 5), ("家常做法", 20), ("简单易做 egg", 10),
        ]
        var cases: [(String, () throws -> Void)] = []
        for (keyword, size, skipped) in common.map({ ($0, $1, $1) }) + rare.map({ ($0, 20, 1) }) {
            let skip = try r.search.searchRecipes(keyword: keyword, page: PageRequest(first: skipped))
            let cursor = try #require(skip.edges.last?.cursor, "\(keyword)")
            let isCommon = skipped == size
            cases.append(("search \(keyword), first \(size)", {
                let page = try r.search.searchRecipes(keyword: keyword, page: PageRequest(first: size))
                #expect(!isCommon || page.hasNextPage, "\(keyword): the first page is full")
            }))
            cases.append(("search \(keyword), \(size) after \(skipped)", {
                let page = try r.search.searchRecipes(keyword: keyword, page: PageRequest(first: size, cursor: cursor))
                #expect(!isCommon || page.hasNextPage, "\(keyword): the later page is full")
            }))
        }
        return try cases.map { name, body in (name, try seeded.rowsRead(body)) }
    }

    @Test("a page reads about as many rows at 2,000 recipes as at 200")
    func flat() throws {
        let small = try Self.pages(Seeded(scale: 200))
        let large = try Self.pages(Seeded(scale: 2000))
        Self.expectFlat(small, large)
    }

    @Test("a search page reads about as many rows at 2,000 recipes as at 200")
    func flatSearch() throws {
        let small = try Self.searches(Seeded(scale: 200))
        let large = try Self.searches(Seeded(scale: 2000))
        Self.expectFlat(small, large)
    }

    static func expectFlat(_ small: [(String, Int)], _ large: [(String, Int)]) {
        for ((name, few), (_, many)) in zip(small, large) {
            print("\(name): \(few) rows at 200, \(many) at 2,000")
            #expect(many <= few + few / 2 + 10, "\(name): \(few) rows at 200 recipes, \(many) at 2,000")
        }
    }
}
