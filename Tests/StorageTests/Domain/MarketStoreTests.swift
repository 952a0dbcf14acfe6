import Foundation
import Testing

@testable import Storage

@Suite("Market, basket and apps")
struct MarketStoreTests {
    let db: TestStore

    init() throws {
        db = try TestStore()
    }

    @Test("goods come with images, attributes and kinds in order; the market hides unlisted goods")
    func goods() throws {
        let shop = try db.market.createShop(name: "铺子", shippingFee: 600, freeShippingThreshold: 5900)
        let listed = try db.market.createGoods(
            shopID: shop.id, name: "生抽", images: [Photo(url: "/1.jpg"), Photo(url: "/2.jpg")],
            attributes: [GoodsAttribute(name: "容量", value: "500ml")],
            kinds: [NewKind(name: "500ml", price: 1290, stock: 3), NewKind(name: "1.9L", price: 3590, memberPrice: 3290, stock: 0)])
        let lunch = try db.market.createGoods(
            shopID: shop.id, name: "午餐", soup: "紫菜汤", listed: false, kinds: [NewKind(name: "一份", price: 2000, stock: 9)])
        #expect(try db.market.images(goodsIDs: [listed.id, lunch.id])[listed.id]?.map(\.url) == ["/1.jpg", "/2.jpg"])
        #expect(try db.market.images(goodsIDs: [lunch.id])[lunch.id] == nil)
        #expect(try db.market.attributes(goodsIDs: [listed.id])[listed.id] == [GoodsAttribute(name: "容量", value: "500ml")])
        #expect(try db.market.kinds(goodsIDs: [listed.id])[listed.id]?.map(\.name) == ["500ml", "1.9L"])
        #expect(try db.market.market(page: PageRequest(first: 10)).nodes.map(\.id) == [listed.id])
        #expect(try db.market.marketCount() == 1)
        #expect(try db.market.goods(shopID: shop.id, page: PageRequest(first: 10)).nodes.map(\.id) == [lunch.id, listed.id])
        #expect(try db.market.goods(ids: [lunch.id])[lunch.id]?.soup == "紫菜汤")
        #expect(try db.market.shops(ids: [shop.id])[shop.id]?.freeShippingThreshold == 5900)
        #expect(throws: DomainError.self) { try db.market.setStock(kindID: 1, stock: -1) }
    }

    @Test("reviews: ratings 1 to 5, the photo tab, counts and the average")
    func reviews() throws {
        let item = try db.goods("草莓", kinds: [NewKind(name: "500g", price: 3990, stock: 5)])
        let a = try db.user("alice")
        _ = try db.market.addReview(goodsID: item.goods.id, authorID: a.id, rating: 5, text: "甜", photos: [Photo(url: "/r.jpg")])
        _ = try db.market.addReview(goodsID: item.goods.id, authorID: a.id, rating: 2, text: "soft")
        #expect(throws: DomainError.self) { try db.market.addReview(goodsID: item.goods.id, authorID: a.id, rating: 6, text: "") }
        let stats = try db.market.reviewStats(goodsIDs: [item.goods.id, 999])
        #expect(stats[item.goods.id] == ReviewStats(reviewsCount: 2, photoReviewsCount: 1, averageRating: 3.5))
        #expect(stats[999] == ReviewStats.none)
        let photosOnly = try db.market.reviews(goodsID: item.goods.id, withPhotosOnly: true, page: PageRequest(first: 10))
        #expect(photosOnly.nodes.map(\.text) == ["甜"])
        #expect(photosOnly.nodes[0].photos == [Photo(url: "/r.jpg")])
        let all = try db.market.reviews(goodsID: item.goods.id, withPhotosOnly: false, page: PageRequest(first: 10))
        #expect(all.nodes.map(\.text) == ["soft", "甜"])
        #expect(try db.market.reviews(ids: [all.nodes[1].id])[all.nodes[1].id]?.photos.count == 1)
    }

    @Test("the basket merges same-named ingredients and marks them all bought")
    func basket() throws {
        let a = try db.user("alice")
        let r1 = try db.recipe("番茄炒蛋", by: a, ingredients: [Ingredient(name: "鸡蛋", amount: "3个"), Ingredient(name: "番茄", amount: "2个")])
        let r2 = try db.recipe("鸡蛋羹", by: a, ingredients: [Ingredient(name: " 鸡蛋", amount: "2个"), Ingredient(name: "Salt", amount: "1g")])
        _ = try db.baskets.addRecipe(userID: a.id, recipeID: r1.id)
        _ = try db.baskets.addRecipe(userID: a.id, recipeID: r2.id)
        var basket = try db.baskets.addRecipe(userID: a.id, recipeID: r1.id)
        #expect(basket.recipes.map(\.recipeID) == [r1.id, r2.id])
        basket = try db.baskets.setPurchased(userID: a.id, name: "鸡蛋 ", purchased: true)
        #expect(basket.merged.map(\.name) == ["鸡蛋", "番茄", "Salt"])
        #expect(basket.merged[0].amounts == ["3个", "2个"] && basket.merged[0].purchased)
        #expect(basket.recipes[1].ingredients[0].purchased)
        basket = try db.baskets.setPurchased(userID: a.id, name: "salt", purchased: true)
        #expect(basket.merged[2].purchased)
        basket = try db.baskets.removeRecipe(userID: a.id, recipeID: r1.id)
        #expect(basket.recipes.map(\.recipeID) == [r2.id])
        #expect(throws: DomainError.self) { try db.baskets.addRecipe(userID: a.id, recipeID: 999) }
        #expect(try db.baskets.clear(userID: a.id).recipes.isEmpty)
        #expect(try db.baskets.addRecipe(userID: a.id, recipeID: r2.id).merged.allSatisfy { !$0.purchased })
    }

    @Test("onboarding shows when the client version is newer than the last seen, by number")
    func appConfig() throws {
        try db.apps.setRelease(app: .lunch, latestVersion: "1.10.0", pages: [OnboardingPage(imageURL: "/o.png", title: "会员价")])
        #expect(try db.apps.appConfig(app: .lunch, clientVersion: "1.10", lastSeenVersion: "1.9").showOnboarding)
        #expect(try !db.apps.appConfig(app: .lunch, clientVersion: "1.9", lastSeenVersion: "1.10").showOnboarding)
        #expect(try db.apps.appConfig(app: .lunch, clientVersion: "1.9", lastSeenVersion: "1.10").onboardingPages.isEmpty)
        #expect(try db.apps.appConfig(app: .lunch, clientVersion: "1.0", lastSeenVersion: nil).onboardingPages.count == 1)
        #expect(try db.apps.appConfig(app: .lunch, clientVersion: "2", lastSeenVersion: nil).latestVersion == "1.10.0")
        #expect(AppVersion.isNewer("1.10", than: "1.9.9"))
        #expect(!AppVersion.isNewer("1.0.0", than: "1"))
        #expect(AppVersion.isNewer("x.2", than: "0.1"))
    }

    @Test("the lunch menu lists Monday to the weekend and remembers when it changed")
    func lunchMenu() throws {
        let item = try db.goods("排骨饭", kinds: [NewKind(name: "一份", price: 3200, memberPrice: 2800, stock: 50)])
        try db.apps.setLunchMenu(day: .tuesday, goodsIDs: [item.goods.id])
        let menu = try db.apps.lunchMenu()
        #expect(menu.sections.map(\.day.rawValue) == ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "WEEKEND"])
        #expect(menu.sections[1].goodsIDs == [item.goods.id])
        #expect(menu.updatedAt.timeIntervalSince1970 > 1_000_000_000)
    }
}
