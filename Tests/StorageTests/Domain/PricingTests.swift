import Foundation
import Testing

@testable import Storage

@Suite("Pricing")
struct PricingTests {
    let freeAt99 = Shop(id: 1, name: "A", shippingFee: 800, freeShippingThreshold: 9900)
    let neverFree = Shop(id: 2, name: "B", shippingFee: 1000)

    func line(shop: Int64, price: Int, original: Int? = nil, quantity: Int) -> OrderLine {
        OrderLine(
            shopID: shop, goodsID: 1, kindID: 1, goodsName: "g", kindName: "k", unitPrice: price,
            originalPrice: original, quantity: quantity)
    }

    @Test("shipping is charged once per shop and waived from the threshold on")
    func shipping() {
        let groups = Pricing.groups(
            [line(shop: 1, price: 4950, quantity: 1), line(shop: 2, price: 100, quantity: 1),
             line(shop: 1, price: 4950, quantity: 1), line(shop: 2, price: 100, quantity: 3)],
            shops: [1: freeAt99, 2: neverFree])
        #expect(groups.map(\.shopID) == [1, 2])
        #expect(groups.map(\.subtotal) == [9900, 400])
        #expect(groups.map(\.shippingFee) == [0, 1000])
        #expect(groups.map(\.total) == [9900, 1400])
        #expect(Pricing.shippingFee(subtotal: 9899, shop: freeAt99) == 800)
    }

    @Test("the discount counts only positive differences to the original price")
    func discount() {
        let groups = Pricing.groups(
            [line(shop: 2, price: 800, original: 1000, quantity: 3), line(shop: 2, price: 800, original: 700, quantity: 1),
             line(shop: 2, price: 800, quantity: 1)],
            shops: [2: neverFree])
        #expect(groups[0].discount == 600)
        let preview = OrderPreview(address: nil, shops: groups)
        #expect(preview.quantity == 5 && preview.subtotal == 4000 && preview.total == 5000 && preview.discount == 600)
    }

    @Test("members pay the member price only when one is set")
    func memberPrice() {
        let kind = Kind(id: 1, goodsID: 1, name: "k", price: 1000, memberPrice: 900, stock: 1)
        #expect(kind.unitPrice(isMember: true) == 900)
        #expect(kind.unitPrice(isMember: false) == 1000)
        #expect(Kind(id: 1, goodsID: 1, name: "k", price: 1000, stock: 1).unitPrice(isMember: true) == 1000)
    }

    @Test("amounts have two decimal places")
    func amounts() {
        #expect(Pricing.amount(cents: 21910) == "219.10")
        #expect(Pricing.amount(cents: 5) == "0.05")
        #expect(Pricing.amount(cents: 0) == "0.00")
        #expect(Pricing.amount(cents: -1250) == "-12.50")
    }

    @Test("a cart's selection and totals are derived from its lines")
    func cart() {
        func cartLine(_ id: Int64, shop: Int64, quantity: Int, selected: Bool) -> CartLine {
            CartLine(
                item: CartItem(id: id, userID: 1, goodsID: id, kindID: id, quantity: quantity, selected: selected, addedAt: Date()),
                goods: Goods(id: id, shopID: shop, name: "g", salesCount: 0, createdAt: Date()),
                kind: Kind(id: id, goodsID: id, name: "k", price: 100, stock: 9),
                shop: Shop(id: shop, name: "s", shippingFee: 0), unitPrice: 100)
        }
        let cart = Cart(lines: [cartLine(1, shop: 7, quantity: 2, selected: true), cartLine(2, shop: 3, quantity: 1, selected: false),
                                cartLine(3, shop: 7, quantity: 1, selected: true)])
        #expect(cart.shops.map(\.shopID) == [7, 3])
        #expect(cart.shops.map(\.allSelected) == [true, false])
        #expect(cart.totalQuantity == 4 && cart.selectedQuantity == 3 && cart.selectedSubtotal == 300)
        #expect(!cart.allSelected)
        #expect(!Cart(lines: []).allSelected)
    }

    @Test("cart lines are equal when their line, price, goods, kind and shop are")
    func lineEquality() {
        let item = CartItem(id: 1, userID: 1, goodsID: 2, kindID: 3, quantity: 1, selected: true, addedAt: Date(milliseconds: 0))
        let goods = Goods(id: 2, shopID: 4, name: "g", createdAt: Date(milliseconds: 0))
        let shop = Shop(id: 4, name: "s", shippingFee: 0)
        func line(kindName: String) -> CartLine {
            CartLine(
                item: item, goods: goods, kind: Kind(id: 3, goodsID: 2, name: kindName, price: 100, stock: 9),
                shop: shop, unitPrice: 100)
        }
        #expect(line(kindName: "k") == line(kindName: "k"))
        #expect(line(kindName: "k").hashValue == line(kindName: "k").hashValue)
        #expect(line(kindName: "k") != line(kindName: "other"))
        #expect(line(kindName: "k").shopID == 4)
    }
}
