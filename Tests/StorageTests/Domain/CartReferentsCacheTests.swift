import Foundation
import Testing

@testable import Storage

@Suite("Cart referents kept between cart changes")
struct CartReferentsCacheTests {
    let db: TestDatabase
    /// One repository, so that its cache lives from one change to the next.
    let carts: CartRepository
    let buyer: User
    let eggs: (shop: Shop, goods: Goods, kinds: [Kind])
    let pork: (shop: Shop, goods: Goods, kinds: [Kind])
    let line: CartLine

    init() throws {
        db = try TestDatabase()
        carts = CartRepository(database: db.database, clock: db.clock)
        buyer = try db.user("buyer", member: true)
        eggs = try db.goods("土鸡蛋", kinds: [NewKind(name: "10枚", price: 1990, memberPrice: 1790, stock: 50)])
        pork = try db.goods(
            "排骨", kinds: [NewKind(name: "500g", price: 3990, stock: 5), NewKind(name: "1kg", price: 7580, stock: 9)])
        _ = try carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[1].id, quantity: 1)
        line = try carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 1).lines[1]
    }

    /// The cart as a fresh read with nothing kept would show it.
    func uncachedCart() throws -> Cart {
        try CartRepository(database: db.database, clock: db.clock, cachesReferents: false).cart(userID: buyer.id)
    }

    /// Sets the eggs' quantity through `repository` and returns the answer with the
    /// statements it ran.
    func setEggs(_ quantity: Int, through repository: CartRepository? = nil) throws -> (cart: Cart, statements: Int) {
        let before = ThreadStatementCount.current
        let cart = try (repository ?? carts).setItemQuantity(userID: buyer.id, itemID: line.id, quantity: quantity)
        return (cart, ThreadStatementCount.current - before)
    }

    @Test("a change answers with the kinds kept by the last one, reading none of them again")
    func keptKinds() throws {
        let fresh = CartRepository(database: db.database, clock: db.clock)
        let cold = try setEggs(2, through: fresh)
        #expect(fresh.referents?.count == 2)
        let warm = try setEggs(3, through: fresh)
        #expect(warm.statements == cold.statements - 1, "the kinds' statement is skipped")
        #expect(warm.cart == (try uncachedCart()))
        #expect(warm.cart.lines.map(\.unitPrice) == [7580, 1790])
    }

    @Test("a change that adds a kind reads only that one, and each line keeps its own kind")
    func oneNewKind() throws {
        let fresh = CartRepository(database: db.database, clock: db.clock)
        _ = try setEggs(2, through: fresh)
        #expect(fresh.referents?.count == 2)
        // The new line is read last, the kept ones before it; grouped by shop, it then
        // sits between them.
        let added = try fresh.addToCart(
            userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[0].id, quantity: 2)
        #expect(fresh.referents?.count == 3)
        #expect(added == (try uncachedCart()))
        #expect(added.lines.map(\.kind.id) == [pork.kinds[1].id, pork.kinds[0].id, eggs.kinds[0].id])
        #expect(added.lines.map(\.unitPrice) == [7580, 3990, 1790])
    }

    @Test("a price and a stock changed by this process show in the next change's answer")
    func ownChanges() throws {
        _ = try setEggs(2)
        try db.database.write { c in
            try c.execute("UPDATE kinds SET member_price_cents = 1690, stock = 7 WHERE id = ?", eggs.kinds[0].id)
        }
        let cart = try setEggs(3).cart
        #expect(cart == (try uncachedCart()))
        #expect(cart.lines[1].unitPrice == 1690)
        #expect(cart.lines[1].kind.stock == 7)
    }

    @Test("a shop or goods renamed by another connection shows in the next change's answer")
    func otherConnections() throws {
        _ = try setEggs(2)
        let elsewhere = try Connection(path: db.database.path)
        try elsewhere.execute("UPDATE shops SET name = 'Renamed' WHERE id = ?", eggs.shop.id)
        var cart = try setEggs(3).cart
        #expect(cart.lines[1].shop.name == "Renamed")
        try elsewhere.execute("UPDATE goods SET name = '草鸡蛋' WHERE id = ?", eggs.goods.id)
        cart = try setEggs(4).cart
        #expect(cart.lines[1].goods.name == "草鸡蛋")
        #expect(cart == (try uncachedCart()))
    }

    @Test("a change that edits a kind itself answers with the edit")
    func changeEditingAKind() throws {
        _ = try setEggs(2)
        let cart = try carts.change(userID: buyer.id) { c in
            try c.execute("UPDATE kinds SET price_cents = 8000 WHERE id = ?", pork.kinds[1].id)
        }
        #expect(cart.lines[0].unitPrice == 8000)
        #expect(cart == (try uncachedCart()))
    }

    @Test("the writer sees the watched generation only when nothing watched moved under it")
    func generationSeenByWriter() throws {
        let database = db.database
        try database.read { c in #expect(database.watchedGenerationSeen(byWriter: c) == nil) }
        try database.write { c in
            #expect(database.watchedGenerationSeen(byWriter: c) == database.watchedGeneration)
            try c.execute("UPDATE cart_items SET quantity = 2 WHERE id = ?", line.id)
            #expect(database.watchedGenerationSeen(byWriter: c) != nil, "cart lines are not watched")
            try c.execute("UPDATE kinds SET stock = 8 WHERE id = ?", pork.kinds[0].id)
            #expect(database.watchedGenerationSeen(byWriter: c) == nil)
        }
        let elsewhere = try Connection(path: database.path)
        try elsewhere.execute("UPDATE cart_items SET quantity = 3 WHERE id = ?", line.id)
        try database.write { c in
            #expect(database.watchedGenerationSeen(byWriter: c) == nil, "another connection committed")
        }
        try database.write { c in #expect(database.watchedGenerationSeen(byWriter: c) != nil) }
    }
}
