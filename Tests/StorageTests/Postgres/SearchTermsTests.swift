import Foundation
import Testing

@testable import Storage

/// A search of one term (a word, two Chinese characters), which PostgreSQL answers from
/// the terms index, finds what the `tsvector`s find, tier for tier and in the same order:
/// the same keyword given twice has no single term, so the tiers' GIN indexes answer it,
/// and both searches must page through the same results.
///
/// Runs in scripts/test's PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`).
@Suite("Search terms on PostgreSQL", .enabled(if: TestStoreKind.current == .postgres))
struct SearchTermsTests {
    /// Every result of a search, page after page, with its cursor (tier and id).
    static func everything(_ search: any SearchStore, _ keyword: String) throws -> [String] {
        var results: [String] = []
        var cursor: Cursor?
        repeat {
            let page = try search.searchRecipes(keyword: keyword, page: PageRequest(first: 7, cursor: cursor))
            results += page.edges.map(\.cursor.encoded)
            cursor = page.hasNextPage ? page.edges.last?.cursor : nil
        } while cursor != nil
        return results
    }

    @Test("one term pages through what the tsvectors find, tier for tier")
    func sameAsTheVectors() throws {
        let seeded = try PagingCostTests.Seeded(scale: 200)
        let search = seeded.repositories.search
        let author = try seeded.repositories.recipes.recipes(page: PageRequest(first: 1)).nodes[0].authorID
        // 红 ending the name and 烧 starting the ingredients are side by side in the name
        // and ingredients tier; 烧 and 红 apart in the name are not 红烧.
        try seeded.database.write { c in
            for (name, ingredient) in [("清蒸红", "烧饼"), ("红 and 烧", "salt")] {
                _ = try PostgresRecipes.insert(
                    authorID: author, name: name, description: nil, coverURL: nil, tips: nil,
                    ingredients: [Ingredient(name: ingredient, amount: "1")], steps: [], createdAt: Date(), c)
            }
        }
        for keyword in ["红烧", "排骨", "鸡蛋", "家常", "egg", "eggs", "Garlic", "pork", "葱", "茄子", "烧饼"] {
            let byTerm = try Self.everything(search, keyword)
            #expect(!byTerm.isEmpty, "\(keyword)")
            #expect(byTerm == (try Self.everything(search, keyword + " " + keyword)), "\(keyword)")
        }
    }
}
