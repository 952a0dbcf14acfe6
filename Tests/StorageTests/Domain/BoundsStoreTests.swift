import Foundation
import Testing

@testable import Storage

/// Every list the schema gives a fixed `assumedSize` keeps it: a write past the bound is
/// `badInput` naming it, and nothing changes.
@Suite("List bounds kept on write")
struct BoundsStoreTests {
    let db: TestStore
    let author: User

    init() throws {
        db = try TestStore()
        author = try db.user("author")
    }

    /// How many rows `table` has.
    func rows(_ table: String) throws -> Int { try db.rows(table) }

    /// Expects `write` to be refused with exactly `message`.
    func refused(_ message: String, _ write: () throws -> Void) {
        #expect(throws: DomainError.badInput(message)) { try write() }
    }

    @Test("a dish keeps at most 10 distinct tags")
    func dishTags() throws {
        let photo = [Photo(url: "/media/a.jpg")]
        let ten = (1...10).map { "t\($0)" }
        _ = try db.dishes.uploadDish(authorID: author.id, NewDish(photos: photo, tags: ten + ten + [" ", "t1"]))
        refused("A dish holds at most 10 tags; this would make 11.") {
            _ = try db.dishes.uploadDish(authorID: author.id, NewDish(photos: photo, tags: ten + ["t11"]))
        }
        #expect(try rows("dishes") == 1)
    }

    @Test("a goods keeps at most 9 images, 10 kinds and 20 attributes")
    func goods() throws {
        let shop = try db.market.createShop(name: "Shop", shippingFee: 0)
        let kind = NewKind(name: "1", price: 100, stock: 1)
        func create(images: Int = 1, kinds: Int = 1, attributes: Int = 0) throws {
            _ = try db.market.createGoods(
                shopID: shop.id, name: "Goods", images: (0..<images).map { Photo(url: "/media/\($0).jpg") },
                attributes: (0..<attributes).map { GoodsAttribute(name: "a\($0)", value: "v") },
                kinds: Array(repeating: kind, count: kinds))
        }
        try create(images: 9, kinds: 10, attributes: 20)
        refused("A goods holds at most 9 images; this would make 10.") { try create(images: 10) }
        refused("A goods holds at most 10 kinds; this would make 11.") { try create(kinds: 11) }
        refused("A goods holds at most 20 attributes; this would make 21.") { try create(attributes: 21) }
        #expect(try rows("goods") == 1)
        #expect(try rows("kinds") == 10)
    }

    @Test("a review keeps at most 9 photos")
    func reviewPhotos() throws {
        let goods = try db.goods("Eggs", kinds: [NewKind(name: "10", price: 100, stock: 1)])
        let photos = (0..<10).map { Photo(url: "/media/\($0).jpg") }
        refused("A review holds at most 9 photos; this would make 10.") {
            _ = try db.market.addReview(goodsID: goods.goods.id, authorID: author.id, rating: 5, text: "Good", photos: photos)
        }
        _ = try db.market.addReview(goodsID: goods.goods.id, authorID: author.id, rating: 5, text: "Good", photos: Array(photos.prefix(9)))
        #expect(try rows("reviews") == 1)
        #expect(try rows("review_photos") == 9)
    }

    @Test("a draft keeps at most 50 steps and 50 ingredients, and so does every recipe")
    func draftsAndRecipes() throws {
        let draft = try db.drafts.createDraft(authorID: author.id, name: "Stew")
        for _ in 0..<50 { _ = try db.drafts.addStep(draftID: draft.id, authorID: author.id, at: 0) }
        refused("A draft holds at most 50 steps; this would make 51.") {
            _ = try db.drafts.addStep(draftID: draft.id, authorID: author.id, at: nil)
        }
        let ingredients = (0...50).map { Ingredient(name: "i\($0)", amount: "1") }
        refused("A draft holds at most 50 ingredients; this would make 51.") {
            _ = try db.drafts.setIngredients(draftID: draft.id, authorID: author.id, ingredients)
        }
        let kept = try #require(try db.drafts.draft(id: draft.id, authorID: author.id))
        #expect(kept.steps.count == 50)
        #expect(kept.ingredients.isEmpty)
        refused("A recipe holds at most 50 steps; this would make 51.") {
            if let postgres = db.postgresDatabase {
                _ = try postgres.write { c in
                    try PostgresRecipes.insert(
                        authorID: author.id, name: "Long", description: nil, coverURL: nil, tips: nil,
                        ingredients: [], steps: (1...51).map { Step(number: $0, text: "Stir.", imageURL: nil) },
                        createdAt: Date(), c)
                }
            } else {
                _ = try db.sqliteDatabase!.database.write { c in
                    try RecipeRepository.insert(
                        authorID: author.id, name: "Long", description: nil, coverURL: nil, tips: nil,
                        ingredients: [], steps: Array(repeating: ("Stir.", nil), count: 51), createdAt: Date(), c)
                }
            }
        }
        #expect(try rows("recipes") == 0)
    }

    @Test("a comment mentions at most 20 users")
    func mentions() throws {
        let names = try (0...20).map { try db.user("user\($0)").username }
        let recipe = try db.recipe("Soup", by: author)
        let text = names.map { "@\($0)" }.joined(separator: " ")
        refused("A comment holds at most 20 mentions; this would make 21.") {
            _ = try db.comments.addComment(authorID: author.id, target: .recipe(recipe.id), text: text)
        }
        #expect(try rows("comments") == 0)
        let twenty = try db.comments.addComment(
            authorID: author.id, target: .recipe(recipe.id), text: names.dropLast().map { "@\($0)" }.joined(separator: " "))
        #expect(try db.comments.mentions(commentIDs: [twenty.id])[twenty.id]?.count == 20)
    }

    @Test("an account keeps at most 20 addresses")
    func addresses() throws {
        for n in 0..<20 { _ = try db.addresses.addAddress(userID: author.id, db.addressInput("收件人\(n)")) }
        refused("An account holds at most 20 addresses; this would make 21.") {
            _ = try db.addresses.addAddress(userID: author.id, db.addressInput("多一个"))
        }
        let kept = try db.addresses.addresses(userID: author.id)
        #expect(kept.count == 20)
        #expect(kept.first?.name == "收件人19")
        #expect(kept.first?.isDefault == true)
    }

    @Test("a basket keeps at most 20 recipes; one already in it can be added again")
    func basket() throws {
        let recipes = try (0...20).map { try db.recipe("Dish \($0)", by: author) }
        for recipe in recipes.dropLast() { _ = try db.baskets.addRecipe(userID: author.id, recipeID: recipe.id) }
        refused("A basket holds at most 20 recipes; this would make 21.") {
            _ = try db.baskets.addRecipe(userID: author.id, recipeID: recipes[20].id)
        }
        #expect(try db.baskets.addRecipe(userID: author.id, recipeID: recipes[0].id).recipes.count == 20)
        #expect(try db.baskets.basket(userID: author.id).recipes.map(\.recipeID) == recipes.dropLast().map(\.id))
    }

    @Test("a cart keeps at most 50 lines, 20 of one shop, from at most 10 shops; an existing line still grows")
    func cart() throws {
        let kinds = (1...10).map { NewKind(name: "k\($0)", price: 100, stock: 9) }
        let goods = try (0..<11).map { try db.goods("Goods \($0)", kinds: kinds) }
        for g in goods.prefix(5) {
            for kind in g.kinds { _ = try db.carts.addToCart(userID: author.id, goodsID: g.goods.id, kindID: kind.id, quantity: 1) }
        }
        refused("A cart holds at most 50 lines; this would make 51.") {
            _ = try db.carts.addToCart(userID: author.id, goodsID: goods[5].goods.id, kindID: goods[5].kinds[0].id, quantity: 1)
        }
        let grown = try db.carts.addToCart(userID: author.id, goodsID: goods[0].goods.id, kindID: goods[0].kinds[0].id, quantity: 2)
        #expect(grown.lines.count == 50)
        #expect(grown.lines.first?.item.quantity == 3)

        let other = try db.user("other")
        for g in goods.prefix(10) {
            _ = try db.carts.addToCart(userID: other.id, goodsID: g.goods.id, kindID: g.kinds[0].id, quantity: 1)
        }
        refused("A cart holds at most 10 shops' goods; this would make 11.") {
            _ = try db.carts.addToCart(userID: other.id, goodsID: goods[10].goods.id, kindID: goods[10].kinds[0].id, quantity: 1)
        }
        #expect(try db.carts.cart(userID: other.id).shops.count == 10)

        let third = try db.user("third")
        let shop = goods[0].shop
        let more = try (0..<2).map { try db.goods("More \($0)", shop: shop, kinds: kinds) }
        for g in [goods[0], more[0]] {
            for kind in g.kinds { _ = try db.carts.addToCart(userID: third.id, goodsID: g.goods.id, kindID: kind.id, quantity: 1) }
        }
        refused("A cart holds at most 20 lines of one shop; this would make 21.") {
            _ = try db.carts.addToCart(userID: third.id, goodsID: more[1].goods.id, kindID: more[1].kinds[0].id, quantity: 1)
        }
        #expect(try db.carts.cart(userID: third.id).lines.count == 20)
    }

    @Test("a day of the lunch menu keeps at most 20 dishes; a release at most 10 onboarding pages")
    func lunchAndOnboarding() throws {
        let dish = try db.goods("Rice", kinds: [NewKind(name: "1", price: 100, stock: 1)]).goods.id
        try db.apps.setLunchMenu(day: .monday, goodsIDs: Array(repeating: dish, count: 20))
        refused("A day of the lunch menu holds at most 20 dishes; this would make 21.") {
            try db.apps.setLunchMenu(day: .monday, goodsIDs: Array(repeating: dish, count: 21))
        }
        #expect(try db.apps.lunchMenu().sections.first { $0.day == .monday }?.goodsIDs.count == 20)
        let pages = (0..<11).map { OnboardingPage(imageURL: "/media/\($0).png", title: "Page \($0)") }
        refused("A release holds at most 10 onboarding pages; this would make 11.") {
            try db.apps.setRelease(app: .lunch, latestVersion: "2.0", pages: pages)
        }
        #expect(try rows("onboarding_pages") == 0)
        #expect(try rows("app_releases") == 0)
    }
}
