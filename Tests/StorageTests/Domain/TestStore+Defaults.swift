import Foundation

@testable import Storage

// The store protocols take every argument; these give the tests the defaults the SQLite
// repositories' own methods have, so one test reads the same on either store.

extension MarketStore {
    func createShop(name: String, shippingFee: Int, freeShippingThreshold: Int? = nil) throws -> Shop {
        try createShop(
            name: name, logoURL: nil, announcement: nil, shippingFee: shippingFee,
            freeShippingThreshold: freeShippingThreshold)
    }

    func createGoods(
        shopID: Int64, name: String, soup: String? = nil, listed: Bool = true, images: [Photo] = [],
        attributes: [GoodsAttribute] = [], kinds: [NewKind]
    ) throws -> Goods {
        try createGoods(
            shopID: shopID, name: name, foreword: nil, description: nil, soup: soup, listed: listed,
            images: images, attributes: attributes, kinds: kinds, salesCount: 0)
    }

    func addReview(goodsID: Int64, authorID: Int64, rating: Int, text: String, photos: [Photo] = []) throws -> Review {
        try addReview(goodsID: goodsID, authorID: authorID, rating: rating, text: text, photos: photos, kindName: nil)
    }
}

extension OrderStore {
    func placeOrder(userID: Int64, addressID: Int64, idempotencyKey: String, note: String?) throws -> Order {
        try placeOrder(userID: userID, addressID: addressID, idempotencyKey: idempotencyKey, note: note, source: .cart)
    }

    func preview(userID: Int64, addressID: Int64?) throws -> OrderPreview {
        try preview(userID: userID, addressID: addressID, source: .cart)
    }

    func orders(userID: Int64, page: PageRequest) throws -> Page<Order> {
        try orders(userID: userID, shopID: nil, page: page)
    }

    func ordersCount(userID: Int64) throws -> Int { try ordersCount(userID: userID, shopID: nil) }
}

extension TestStore {
    var market: any MarketStore {
        if let postgres = postgresDatabase { return PostgresMarket(database: postgres, clock: clock) }
        return sqliteDatabase!.market
    }

    var carts: any CartStore {
        if let postgres = postgresDatabase { return PostgresCart(database: postgres, clock: clock) }
        return sqliteDatabase!.carts
    }

    var addresses: any AddressStore {
        if let postgres = postgresDatabase { return PostgresAddresses(database: postgres, clock: clock) }
        return sqliteDatabase!.addresses
    }

    var orders: any OrderStore {
        if let postgres = postgresDatabase { return PostgresOrders(database: postgres, clock: clock) }
        return sqliteDatabase!.orders
    }

    /// A goods with the given kinds in a new or given shop.
    func goods(_ name: String, shop: Shop? = nil, kinds: [NewKind]) throws -> (shop: Shop, goods: Goods, kinds: [Kind]) {
        let shop = try shop ?? market.createShop(name: "\(name) shop", shippingFee: 800)
        let goods = try market.createGoods(shopID: shop.id, name: name, kinds: kinds)
        return (shop, goods, try market.kinds(goodsIDs: [goods.id])[goods.id] ?? [])
    }

    /// A valid address input.
    func addressInput(_ name: String = "王小明") -> AddressSnapshot {
        AddressSnapshot(name: name, phone: "13800138000", region: "上海市 浦东新区", detail: "世纪大道 1 号")
    }
}

extension TestStore {
    private func repositories() -> Repositories {
        if let postgres = postgresDatabase { return postgres.repositories(clock: clock, cachesReferents: false) }
        return sqliteDatabase!.database.repositories(clock: clock, cachesReferents: false)
    }

    var recipes: any RecipeStore { repositories().recipes }
    var drafts: any DraftStore { repositories().drafts }
    var dishes: any DishStore { repositories().dishes }
    var comments: any CommentStore { repositories().comments }
    var forums: any ForumStore { repositories().forums }
    var search: any SearchStore { repositories().search }
    var baskets: any BasketStore { repositories().basket }
    var apps: any AppStore { repositories().apps }

    /// Publishes a recipe through a draft.
    func recipe(
        _ name: String, by author: User, ingredients: [Ingredient] = [], description: String? = nil
    ) throws -> Recipe {
        let draft = try drafts.createDraft(authorID: author.id, name: name)
        _ = try drafts.updateDraft(id: draft.id, authorID: author.id, DraftChange(description: .some(description)))
        _ = try drafts.addStep(draftID: draft.id, authorID: author.id, at: nil)
        _ = try drafts.updateStep(draftID: draft.id, authorID: author.id, index: 0, StepChange(text: "Cook it."))
        _ = try drafts.setIngredients(draftID: draft.id, authorID: author.id, ingredients)
        return try drafts.publishDraft(id: draft.id, authorID: author.id)
    }
}

extension UserStore {
    func createUser(username: String, name: String, passwordHash: String) throws -> User {
        try createUser(username: username, name: name, passwordHash: passwordHash, isMember: false)
    }
}

extension CommentStore {
    func addComment(authorID: Int64, target: CommentTarget, text: String) throws -> Comment {
        try addComment(authorID: authorID, target: target, text: text, replyToID: nil)
    }
}

extension TestStore {
    /// Makes a forum (forums have no repository method: operators set them up) and returns its id.
    @discardableResult
    func makeForum(_ name: String, position: Int = 0) throws -> Int64 {
        if let postgres = postgresDatabase {
            return try postgres.write { c in
                try c.queryFirst("INSERT INTO forums (name, position) VALUES ($1, $2) RETURNING id", name, position) {
                    $0.int64(0)
                } ?? 0
            }
        }
        return try sqliteDatabase!.database.write { c in
            try c.execute("INSERT INTO forums (name, position) VALUES (?, ?)", name, position)
            return c.lastInsertRowID
        }
    }
}
