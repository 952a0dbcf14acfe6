import Foundation
import Testing

@testable import Storage

@Suite("Demo data")
struct DemoDataStoreTests {
    let db: TestStore
    let hasher = PasswordHasher(cost: .minimum)

    init() throws {
        db = try TestStore()
        #expect(try db.installDemo(hasher: hasher))
    }

    func userID(_ username: String) throws -> Int64 {
        try #require(try db.users.user(username: username)).id
    }

    @Test("every demo account signs in with the demo password")
    func accounts() throws {
        for account in DemoData.accounts {
            let credentials = try #require(try db.users.credentials(username: account.username))
            #expect(hasher.verify(DemoData.password, against: credentials.passwordHash))
        }
    }

    @Test("installing twice changes nothing")
    func idempotent() throws {
        #expect(try !db.installDemo(hasher: hasher))
        #expect(try db.recipes.recipesCount() == DemoData.recipes.count)
    }

    @Test("searching 鸡蛋, 排骨 and egg finds several recipes")
    func search() throws {
        #expect(try db.search.recipeMatchesCount(keyword: "鸡蛋") >= 5)
        #expect(try db.search.recipeMatchesCount(keyword: "排骨") >= 2)
        #expect(try db.search.recipeMatchesCount(keyword: "红烧") >= 2)
        #expect(try db.search.recipeMatchesCount(keyword: "egg") >= 3)
    }

    @Test("alice's cart spans five shops and exercises shipping, discounts and selection")
    func aliceCart() throws {
        let alice = try userID("alice")
        let cart = try db.carts.cart(userID: alice)
        #expect(cart.shops.count == 5)
        #expect(!cart.allSelected)
        let preview = try db.orders.preview(userID: alice, addressID: nil)
        #expect(preview.address?.name == "陈爱丽")
        #expect(preview.shops.count == 5)
        let fees = preview.shops.map(\.shippingFee)
        #expect(fees.contains(0) && fees.contains(1000) && fees.contains(800))
        #expect(preview.discount > 0)
        #expect(try db.orders.ordersCount(userID: alice) == 2)
    }

    @Test("mentions, the lunch menu, onboarding and the basket are in place")
    func rest() throws {
        let alice = try userID("alice")
        let menu = try db.apps.lunchMenu()
        #expect(menu.sections.map(\.day) == LunchDay.allCases)
        #expect(menu.sections.allSatisfy { $0.goodsIDs.count == 2 })
        let config = try db.apps.appConfig(app: .lunch, clientVersion: "1.10.0", lastSeenVersion: "1.9")
        #expect(config.showOnboarding && !config.onboardingPages.isEmpty)
        let basket = try db.baskets.basket(userID: alice)
        #expect(basket.recipes.count == 3)
        #expect(basket.merged.first { $0.name == "鸡蛋" }?.amounts.count == 3)
        #expect(basket.merged.first { $0.name == "鸡蛋" }?.purchased == true)
        #expect(try db.rows("comment_mentions") >= 8)
        #expect(try db.drafts.draftsCount(authorID: alice) == 2)
        #expect(try db.search.popularKeywords(first: 9).first == "鸡蛋")
    }
}
