import Foundation
import Testing

@testable import Storage

/// A feed page reads the entries near the page, not every entry the followed users have:
/// its statement does about the same work when each followee wrote 20 times as much, or
/// when one followee wrote hundreds of entries newer than everyone else's.
///
/// The work is counted the way each store can: SQLite's virtual machine steps for one run
/// of the statement, PostgreSQL's rows read from `dishes` and `recipes` (`EXPLAIN
/// ANALYZE`, kept or filtered, over every loop).
@Suite("The feed's cost")
struct FeedCostStoreTests {
    /// A store with a viewer who follows 25 authors with `perAuthor` recipes and as many
    /// dishes each, their times interleaved, and one more author who wrote `prolific`
    /// recipes and as many dishes after all of those.
    struct Feed {
        let store: TestStore
        let viewer: Int64
        /// The time of the middle of the interleaved entries, for a cursor there.
        let middle: Int64

        init(perAuthor: Int, prolific: Int = 0) throws {
            let store = try TestStore()
            let viewer = try store.user("viewer").id
            let authors = try (0...25).map { try store.user("author\($0)").id }
            for author in authors { _ = try store.users.follow(followerID: viewer, followeeID: author) }
            var rows: [(author: Int64, at: Int64)] = []
            for round in 0..<perAuthor {
                for (index, author) in authors.dropLast().enumerated() {
                    rows.append((author, Int64(1_000_000 + (round * 25 + index) * 1000)))
                }
            }
            let last = Int64(1_000_000 + perAuthor * 25 * 1000)
            for n in 0..<prolific { rows.append((authors[25], last + Int64(n) * 1000)) }
            self.store = store
            self.viewer = viewer
            middle = Int64(1_000_000 + perAuthor / 2 * 25 * 1000)
            try insert(rows)
        }

        /// Inserts a recipe at each time and a dish half a second later, in one transaction.
        private func insert(_ rows: [(author: Int64, at: Int64)]) throws {
            if let postgres = store.postgresDatabase {
                try postgres.write { c in
                    for row in rows {
                        try c.execute("INSERT INTO recipes (author_id, name, created_at) VALUES ($1, 'r', $2)", row.author, row.at)
                        try c.execute("INSERT INTO dishes (author_id, created_at) VALUES ($1, $2)", row.author, row.at + 500)
                    }
                }
            } else {
                try store.sqliteDatabase!.database.write { c in
                    for row in rows {
                        try c.execute("INSERT INTO recipes (author_id, name, created_at) VALUES (?, 'r', ?)", row.author, row.at)
                        try c.execute("INSERT INTO dishes (author_id, created_at) VALUES (?, ?)", row.author, row.at + 500)
                    }
                }
            }
        }

        /// The work of one run of the feed's statement for a page of 20 below `cursor`;
        /// expects a full page (21 rows: 20 and one to know there is a next).
        func work(below cursor: (key: Int64, tie: Int64)) throws -> Int {
            if let postgres = store.postgresDatabase {
                let plan = try postgres.read { c in
                    try c.queryFirst(
                        "EXPLAIN (ANALYZE, FORMAT JSON) " + PostgresDishes.feedPage, viewer, cursor.key, cursor.tie, 21
                    ) { $0.string(0) }
                }
                let text = try #require(plan)
                let nodes = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
                #expect(nodes.first.flatMap { ($0["Plan"] as? [String: Any])?["Actual Rows"] as? Int } == 21)
                return nodes.compactMap { $0["Plan"] as? [String: Any] }.map(Self.rowsRead).reduce(0, +)
            }
            return try store.sqliteDatabase!.database.read { c in
                let statement = try c.prepare(DishRepository.feedPage)
                try statement.bind([viewer, cursor.key, cursor.tie, 21])
                var rows = 0
                while try statement.step() != nil { rows += 1 }
                #expect(rows == 21)
                return statement.virtualMachineSteps
            }
        }

        /// The rows a plan node and the nodes under it read from `dishes` or `recipes`.
        static func rowsRead(_ node: [String: Any]) -> Int {
            var rows = 0
            if let table = node["Relation Name"] as? String, table == "dishes" || table == "recipes" {
                let kept = node["Actual Rows"] as? Int ?? 0
                let filtered = node["Rows Removed by Filter"] as? Int ?? 0
                rows = (kept + filtered) * (node["Actual Loops"] as? Int ?? 1)
            }
            let children = node["Plans"] as? [[String: Any]] ?? []
            return rows + children.map(rowsRead).reduce(0, +)
        }
    }

    static let top = (key: Int64.max, tie: Int64.max)

    @Test("a page costs about the same whether each followee wrote 2 entries of each kind or 40")
    func flatInVolume() throws {
        let few = try Feed(perAuthor: 2)
        let many = try Feed(perAuthor: 40)
        let first = (few: try few.work(below: Self.top), many: try many.work(below: Self.top))
        #expect(first.many < first.few * 2, "first page: \(first.many) against \(first.few)")
        let later = (few: try few.work(below: (few.middle, Int64.max)), many: try many.work(below: (many.middle, Int64.max)))
        #expect(later.many < later.few * 2, "a later page: \(later.many) against \(later.few)")
    }

    @Test("one followee who wrote hundreds of entries newer than everyone's costs no more than one who wrote a few")
    func flatInOneFollowee() throws {
        let few = try Feed(perAuthor: 2, prolific: 12)
        let many = try Feed(perAuthor: 2, prolific: 600)
        let first = (few: try few.work(below: Self.top), many: try many.work(below: Self.top))
        #expect(first.many < first.few * 2, "\(first.many) against \(first.few)")
    }
}
