import Foundation
import Testing

@testable import Storage

@Suite("Cart")
struct CartStoreTests {
    let db: TestStore
    let buyer: User
    let eggs: (shop: Shop, goods: Goods, kinds: [Kind])
    let pork: (shop: Shop, goods: Goods, kinds: [Kind])

    init() throws {
        db = try TestStore()
        buyer = try db.user("buyer")
        eggs = try db.goods(
            "土鸡蛋", kinds: [NewKind(name: "10枚", price: 1990, originalPrice: 2590, memberPrice: 1790, stock: 50)])
        pork = try db.goods(
            "排骨",
            kinds: [
                NewKind(name: "500g", price: 3990, stock: 5), NewKind(name: "1kg", price: 7580, stock: 1),
            ])
    }

    @Test("adding the same kind again adds to its line; the badge counts units")
    func addsUp() throws {
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 2)
        let cart = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 1)
        #expect(cart.lines.count == 1)
        #expect(cart.totalQuantity == 3)
        #expect(cart.selectedSubtotal == 3 * 1990)
    }

    @Test("shops come in the order their first line was added, lines in the order added")
    func lineOrder() throws {
        // Pork's goods id is above the eggs'; added first, its shop must still come first.
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[1].id, quantity: 1)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 1)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[0].id, quantity: 1)
        let cart = try db.carts.cart(userID: buyer.id)
        #expect(pork.goods.id > eggs.goods.id)
        #expect(cart.shops.map(\.shopID) == [pork.shop.id, eggs.shop.id])
        #expect(cart.lines.map(\.item.kindID) == [pork.kinds[1].id, pork.kinds[0].id, eggs.kinds[0].id])
    }

    @Test("a goods with several kinds needs one; a kind of another goods is not found")
    func kindRequired() throws {
        #expect(throws: DomainError.self) {
            try db.carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: nil, quantity: 1)
        }
        #expect(throws: DomainError.self) {
            try db.carts.addToCart(
                userID: buyer.id, goodsID: pork.goods.id, kindID: eggs.kinds[0].id, quantity: 1)
        }
        #expect(try db.carts.cart(userID: buyer.id).lines.isEmpty)
    }

    @Test("adding beyond the stock is insufficient stock and leaves the cart unchanged")
    func addBeyondStock() throws {
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[1].id, quantity: 1)
        #expect(throws: DomainError.self) {
            try db.carts.addToCart(userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[1].id, quantity: 1)
        }
        #expect(try db.carts.cart(userID: buyer.id).totalQuantity == 1)
        #expect(throws: DomainError.self) {
            try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 0)
        }
    }

    @Test("setting a quantity: 1..stock sets, 0 removes, else an error naming the range")
    func setQuantity() throws {
        let line = try db.carts.addToCart(
            userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[0].id, quantity: 1
        ).lines[0]
        #expect(try db.carts.setItemQuantity(userID: buyer.id, itemID: line.id, quantity: 5).totalQuantity == 5)
        #expect(throws: DomainError.insufficientStock(
            available: 5, message: "Only 5 left: the quantity must be 0 up to 5; it was 6.")) {
            try db.carts.setItemQuantity(userID: buyer.id, itemID: line.id, quantity: 6)
        }
        #expect(throws: DomainError.badInput(
            "The quantity must be 0 (to remove the line) up to 5; it was -1.")) {
            try db.carts.setItemQuantity(userID: buyer.id, itemID: line.id, quantity: -1)
        }
        #expect(try db.carts.cart(userID: buyer.id).totalQuantity == 5)
        #expect(try db.carts.setItemQuantity(userID: buyer.id, itemID: line.id, quantity: 0).shops.isEmpty)
    }

    @Test("selection is derived per shop and for the cart; removals drop empty groups")
    func selection() throws {
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 1)
        var cart = try db.carts.addToCart(
            userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[0].id, quantity: 2)
        #expect(cart.allSelected)
        #expect(cart.shops.map(\.shopID) == [eggs.shop.id, pork.shop.id])
        cart = try db.carts.setItemSelected(userID: buyer.id, itemID: cart.shops[1].lines[0].id, selected: false)
        #expect(!cart.allSelected && cart.shops[0].allSelected && !cart.shops[1].allSelected)
        #expect(cart.selectedQuantity == 1)
        cart = try db.carts.setShopSelected(userID: buyer.id, shopID: pork.shop.id, selected: true)
        #expect(cart.allSelected)
        cart = try db.carts.setAllSelected(userID: buyer.id, selected: false)
        #expect(cart.selectedQuantity == 0 && cart.selectedSubtotal == 0)
        cart = try db.carts.setShopSelected(userID: buyer.id, shopID: eggs.shop.id, selected: true)
        cart = try db.carts.removeSelected(userID: buyer.id)
        #expect(cart.shops.map(\.shopID) == [pork.shop.id])
        #expect(throws: DomainError.self) {
            try db.carts.removeItems(userID: buyer.id, itemIDs: [cart.lines[0].id, 999_999])
        }
        #expect(try db.carts.removeItems(userID: buyer.id, itemIDs: [cart.lines[0].id]).shops.isEmpty)
    }

    @Test("members pay the member price when one is set")
    func memberPrice() throws {
        try db.users.setMember(userID: buyer.id, true)
        let cart = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 2)
        #expect(cart.lines[0].unitPrice == 1790)
        let other = try db.carts.addToCart(
            userID: buyer.id, goodsID: pork.goods.id, kindID: pork.kinds[0].id, quantity: 1)
        #expect(other.lines[1].unitPrice == 3990)
    }

    @Test("another user's line is not found")
    func foreignLine() throws {
        let other = try db.user("other")
        let line = try db.carts.addToCart(userID: buyer.id, goodsID: eggs.goods.id, kindID: nil, quantity: 1).lines[0]
        #expect(throws: DomainError.self) { try db.carts.setItemQuantity(userID: other.id, itemID: line.id, quantity: 2) }
        #expect(throws: DomainError.self) { try db.carts.setItemSelected(userID: other.id, itemID: line.id, selected: false) }
        #expect(try db.carts.cart(userID: buyer.id).totalQuantity == 1)
    }

    @Test("8 threads adding 50 times each make exactly 400")
    func concurrentAdds() async throws {
        let big = try db.goods("米", kinds: [NewKind(name: "5kg", price: 5000, stock: 1000)])
        let db = self.db
        let buyer = self.buyer
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        _ = try db.carts.addToCart(userID: buyer.id, goodsID: big.goods.id, kindID: nil, quantity: 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        let cart = try db.carts.cart(userID: buyer.id)
        #expect(cart.lines.count == 1)
        #expect(cart.totalQuantity == 400)
        #expect(try db.carts.cartQuantities(goodsIDs: [big.goods.id, eggs.goods.id], userID: buyer.id)
            == [big.goods.id: 400, eggs.goods.id: 0])
    }
}
