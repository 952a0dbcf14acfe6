import Foundation
import Testing

@testable import Storage

/// A search on PostgreSQL, which reads the terms index (one range for a search of one
/// term, a walk of all its terms together for any other), finds what the tiers'
/// `tsvector`s find, tier for tier and in the same order, paged through to the end with
/// cursors: one word or two Chinese characters, several keywords, longer Chinese phrases,
/// Chinese and English in one keyword or apart, a keyword twice, one-character words,
/// words no row has, in recipes and in users.
///
/// Runs in scripts/test's PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`).
@Suite("Search terms on PostgreSQL", .enabled(if: TestStoreKind.current == .postgres))
struct SearchTermsTests {
    typealias Search = (String, PageRequest) throws -> Page<Int64>

    /// Every result of a search, page after page, with its cursor (tier and id).
    static func everything(_ search: Search, _ keyword: String) throws -> [String] {
        var results: [String] = []
        var cursor: Cursor?
        repeat {
            let page = try search(keyword, PageRequest(first: 7, cursor: cursor))
            results += page.edges.map(\.cursor.encoded)
            cursor = page.hasNextPage ? page.edges.last?.cursor : nil
        } while cursor != nil
        return results
    }

    /// What the tiers' `tsvector`s alone find for `keyword` (through their GIN indexes,
    /// not the terms): every match with the first tier that matches, best tier first,
    /// newest first within it — as cursors, the order a search must page through.
    static func fromVectors(_ seeded: PagingCostTests.Seeded, _ keyword: String, in tiers: PostgresSearch.Tiers) throws
        -> [String]
    {
        guard let keywords = try PostgresSearch.keywords(keyword) else { return [] }
        let first = (0..<tiers.count - 1).map { "WHEN tier\($0) @@ q.query THEN \($0)" }.joined(separator: " ")
        return try seeded.database.read { c in
            try c.query(
                """
                WITH q AS (\(PostgresSearch.query.replacingOccurrences(of: "$4", with: "$1")))
                SELECT CASE \(first) ELSE \(tiers.count - 1) END AS tier, \(tiers.key) FROM \(tiers.table), q
                WHERE tier\(tiers.count - 1) @@ q.query ORDER BY 1, 2 DESC
                """, arguments: [.texts(keywords)]
            ) { Cursor(key: $0.int64(0), id: $0.int64(1)).encoded }
        }
    }

    /// Recipes whose words make the edge cases: 红 ending the name and 烧 starting the
    /// ingredients are side by side in the name and ingredients tier; 烧 and 红 apart are
    /// not 红烧; 红烧排骨's pairs all in a name but only side by side in the description
    /// (the description tier, though every term is in the name); keywords split over
    /// tiers; a hyphenated word, Chinese and English in one keyword, one-letter words.
    static let edgeCases: [(name: String, ingredient: String, description: String?)] = [
        ("清蒸红", "烧饼", nil), ("红 and 烧", "salt", nil), ("红烧 x 烧排 y 排骨", "salt", "红烧排骨 at last"),
        ("quokka", "wombat", nil), ("pork-ribs 红烧pork", "salt", "西兰花 quokka"), ("a b c", "d", "b a"),
        (longPhrase, "salt", nil),
    ]

    /// A keyword of more pairs than a walk probes (`PostgresSearch.walkedTerms`).
    static let longPhrase = "红烧排骨清蒸鲈鱼糖醋番茄香煎豆腐凉拌茄子爆炒牛肉酸辣土豆蒜蓉虾仁干煸鸡翅葱油拌面"

    /// Words common and rare, in every tier; searched one by one, in pairs, and in the
    /// keywords of `phrases`.
    static let words = ["红烧", "排骨", "egg", "Garlic", "家常", "葱", "pork", "西兰花", "quokka", "wombat", "a"]

    static let phrases = [
        "红烧排骨", "清蒸红烧", "家常做法", "简单易做的家常做法", "西兰花饭", "红烧pork", "pork-ribs", "egg eggs EGG",
        "红烧 红烧", "a b", "b a c", "d c", "the egg", "nowhere egg", "quokka 鲥鱼", "烧红", "红烧排骨 garlic 葱",
        "Braised pork", "braised-pork", "家常 egg garlic 排骨", "简单 做法 #7", "1勺", longPhrase,
        String(longPhrase.dropLast()) + "饭", "红烧 " + String(longPhrase.dropFirst(2)),
    ]

    @Test("recipes: every search pages through what the tsvectors find, tier for tier")
    func recipesAsTheVectors() throws {
        let seeded = try PagingCostTests.Seeded(scale: 200)
        let search = seeded.repositories.search
        let author = try seeded.repositories.recipes.recipes(page: PageRequest(first: 1)).nodes[0].authorID
        let ids = try seeded.database.write { c in
            try Self.edgeCases.map { name, ingredient, description in
                try PostgresRecipes.insert(
                    authorID: author, name: name, description: description, coverURL: nil, tips: nil,
                    ingredients: [Ingredient(name: ingredient, amount: "1")], steps: [], createdAt: Date(), c)
            }
        }
        let pairs = Self.words.flatMap { first in Self.words.filter { $0 != first }.map { "\(first) \($0)" } }
        var found = 0
        for keyword in Self.words + Self.phrases + pairs {
            let expected = try Self.fromVectors(seeded, keyword, in: .recipes)
            #expect(try Self.everything(search.searchRecipes, keyword) == expected, "\(keyword)")
            if !expected.isEmpty { found += 1 }
        }
        #expect(found > 80, "most searches find something")
        // The edge cases land in the tiers their words say.
        for (keyword, recipe, tier) in [
            ("红烧", 0, 1), ("红烧排骨", 2, 2), ("quokka wombat", 3, 1), ("红烧pork pork-ribs", 4, 0),
            ("西兰花 pork", 4, 2), ("a b c", 5, 0), ("c d", 5, 1), (Self.longPhrase, 6, 0),
        ] {
            let cursor = Cursor(key: Int64(tier), id: ids[recipe]).encoded
            #expect(try Self.everything(search.searchRecipes, keyword).contains(cursor), "\(keyword)")
        }
    }

    @Test("users: every search pages through what the tsvectors find, tier for tier")
    func usersAsTheVectors() throws {
        let seeded = try PagingCostTests.Seeded(scale: 200)
        let search = seeded.repositories.search
        var found = 0
        for keyword in ["小明", "王小明", "王 Sam", "李Sam", "Sam 李", "u1_5", "u1", "sam lee", "张", "nobody"] {
            let expected = try Self.fromVectors(seeded, keyword, in: .users)
            #expect(try Self.everything(search.searchUsers, keyword) == expected, "\(keyword)")
            if !expected.isEmpty { found += 1 }
        }
        #expect(found >= 5, "most searches find someone")
    }
}
