import Foundation
import Testing

@testable import Storage

@Suite("Orders and addresses")
struct OrderStoreTests {
    let db: TestStore
    let buyer: User

    init() throws {
        db = try TestStore()
        buyer = try db.user("buyer")
    }

    @Test("a new address goes first and becomes the default; removing the default promotes the first")
    func addresses() throws {
        let home = try db.addresses.addAddress(userID: buyer.id, db.addressInput("家"))
        let work = try db.addresses.addAddress(userID: buyer.id, db.addressInput("公司"))
        var list = try db.addresses.addresses(userID: buyer.id)
        #expect(list.map(\.id) == [work.id, home.id])
        #expect(list.map(\.isDefault) == [true, false])
        list = try db.addresses.setDefault(id: home.id, userID: buyer.id)
        #expect(list.map(\.id) == [home.id, work.id])
        let third = try db.addresses.addAddress(userID: buyer.id, db.addressInput("学校"))
        list = try db.addresses.removeAddress(id: third.id, userID: buyer.id)
        #expect(list.first?.isDefault == true)
        #expect(list.filter(\.isDefault).count == 1)
    }

    @Test("names, phones and regions are validated")
    func addressValidation() throws {
        var input = db.addressInput()
        input.phone = "12345"
        #expect(throws: DomainError.self) { try db.addresses.addAddress(userID: buyer.id, input) }
        input.phone = "138-0013-800x"
        #expect(throws: DomainError.self) { try db.addresses.addAddress(userID: buyer.id, input) }
        input = db.addressInput(" ")
        #expect(throws: DomainError.self) { try db.addresses.addAddress(userID: buyer.id, input) }
        input = db.addressInput()
        input.region = ""
        #expect(throws: DomainError.self) { try db.addresses.addAddress(userID: buyer.id, input) }
        input = db.addressInput()
        input.phone = "+44 20 7946 0958"
        #expect(try db.addresses.addAddress(userID: buyer.id, input).phone == "+442079460958")
    }

    @Test("the preview charges shipping once per shop and waives it at the threshold")
    func preview() throws {
        let free = try db.market.createShop(name: "满99包邮", shippingFee: 1000, freeShippingThreshold: 9900)
        let paid = try db.market.createShop(name: "从不包邮", shippingFee: 600)
        let a = try db.goods("A", shop: free, kinds: [NewKind(name: "1", price: 5000, originalPrice: 6000, stock: 10)])
        let b = try db.goods("B", shop: paid, kinds: [NewKind(name: "1", price: 1000, originalPrice: 900, stock: 10)])
        let c = try db.goods("C", shop: paid, kinds: [NewKind(name: "1", price: 200, stock: 10)])
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: a.goods.id, kindID: nil, quantity: 1)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: b.goods.id, kindID: nil, quantity: 2)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: c.goods.id, kindID: nil, quantity: 3)
        var preview = try db.orders.preview(userID: buyer.id, addressID: nil)
        #expect(preview.address == nil)
        #expect(preview.shops.map(\.subtotal) == [5000, 2600])
        #expect(preview.shops.map(\.discount) == [1000, 0])
        #expect(preview.shops.map(\.shippingFee) == [1000, 600])
        #expect(preview.total == 5000 + 2600 + 1000 + 600)
        #expect(preview.quantity == 6)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: a.goods.id, kindID: nil, quantity: 1)
        preview = try db.orders.preview(userID: buyer.id, addressID: nil)
        #expect(preview.shops.map(\.shippingFee) == [0, 600])
        let buyNow = try db.orders.preview(
            userID: buyer.id, addressID: nil, source: .buyNow(goodsID: c.goods.id, kindID: nil, quantity: 2))
        #expect(buyNow.total == 400 + 600)
    }

    @Test("placing an order decrements stock, snapshots and empties the bought lines")
    func place() throws {
        let address = try db.addresses.addAddress(userID: buyer.id, db.addressInput())
        let item = try db.goods("鸡蛋", kinds: [NewKind(name: "10枚", price: 1990, stock: 3)])
        let other = try db.goods("面粉", kinds: [NewKind(name: "1kg", price: 900, stock: 3)])
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: item.goods.id, kindID: nil, quantity: 2)
        let kept = try db.carts.addToCart(userID: buyer.id, goodsID: other.goods.id, kindID: nil, quantity: 1)
        _ = try db.carts.setItemSelected(userID: buyer.id, itemID: kept.lines[1].id, selected: false)
        let order = try db.orders.placeOrder(
            userID: buyer.id, addressID: address.id, idempotencyKey: "key-00000001", note: " 不要葱 ")
        #expect(order.quantity == 2)
        #expect(order.total == 2 * 1990 + 800)
        #expect(order.note == "不要葱")
        #expect(order.address == address.snapshot)
        #expect(order.shops[0].lines[0].goodsName == "鸡蛋")
        #expect(try db.market.kinds(ids: [item.kinds[0].id])[item.kinds[0].id]?.stock == 1)
        #expect(try db.market.goods(ids: [item.goods.id])[item.goods.id]?.salesCount == 2)
        #expect(try db.carts.cart(userID: buyer.id).lines.map(\.item.goodsID) == [other.goods.id])
        _ = try db.addresses.updateAddress(id: address.id, userID: buyer.id, db.addressInput("改名"))
        #expect(try db.orders.order(id: order.id, userID: buyer.id)?.address.name == "王小明")
        #expect(try db.orders.orders(userID: buyer.id, page: PageRequest(first: 5)).nodes == [order])
        #expect(try db.orders.ordersCount(userID: buyer.id, shopID: other.shop.id) == 0)
        #expect(try db.orders.ordersCount(userID: buyer.id, shopID: item.shop.id) == 1)
    }

    @Test("the same idempotency key returns the first order")
    func idempotency() throws {
        let address = try db.addresses.addAddress(userID: buyer.id, db.addressInput())
        let item = try db.goods("鸡蛋", kinds: [NewKind(name: "10枚", price: 1990, stock: 10)])
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: item.goods.id, kindID: nil, quantity: 1)
        let first = try db.orders.placeOrder(
            userID: buyer.id, addressID: address.id, idempotencyKey: "same-key-1", note: nil)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: item.goods.id, kindID: nil, quantity: 4)
        let again = try db.orders.placeOrder(
            userID: buyer.id, addressID: address.id, idempotencyKey: "same-key-1", note: nil)
        #expect(again == first)
        #expect(try db.orders.ordersCount(userID: buyer.id) == 1)
        #expect(try db.market.kinds(ids: [item.kinds[0].id])[item.kinds[0].id]?.stock == 9)
    }

    @Test("a line above the stock refuses the whole order and changes nothing")
    func refused() throws {
        let address = try db.addresses.addAddress(userID: buyer.id, db.addressInput())
        let a = try db.goods("A", kinds: [NewKind(name: "1", price: 100, stock: 5)])
        let b = try db.goods("B", kinds: [NewKind(name: "1", price: 100, stock: 2)])
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: a.goods.id, kindID: nil, quantity: 3)
        _ = try db.carts.addToCart(userID: buyer.id, goodsID: b.goods.id, kindID: nil, quantity: 2)
        try db.market.setStock(kindID: b.kinds[0].id, stock: 1)
        #expect(throws: DomainError.self) {
            try db.orders.placeOrder(userID: buyer.id, addressID: address.id, idempotencyKey: "refused-1", note: nil)
        }
        #expect(try db.market.kinds(ids: [a.kinds[0].id])[a.kinds[0].id]?.stock == 5)
        #expect(try db.carts.cart(userID: buyer.id).totalQuantity == 5)
        #expect(try db.orders.ordersCount(userID: buyer.id) == 0)
    }

    @Test("50 buyers of the last 3 units: exactly 3 orders, stock never below zero")
    func lastUnits() async throws {
        let item = try db.goods("限量", kinds: [NewKind(name: "1", price: 100, stock: 3)])
        var buyers: [(User, Address)] = []
        for n in 0..<50 {
            let user = try db.user("rush\(n)")
            buyers.append((user, try db.addresses.addAddress(userID: user.id, db.addressInput())))
        }
        let db = self.db
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for (user, address) in buyers {
                group.addTask {
                    do {
                        _ = try db.orders.placeOrder(
                            userID: user.id, addressID: address.id, idempotencyKey: "rush-key-\(user.id)",
                            note: nil, source: .buyNow(goodsID: item.goods.id, kindID: nil, quantity: 1))
                        return true
                    } catch DomainError.insufficientStock(let available, _) {
                        #expect(available == 0)
                        return false
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 3)
        #expect(try db.market.kinds(ids: [item.kinds[0].id])[item.kinds[0].id]?.stock == 0)
    }

    @Test("an address of another user is not found")
    func foreignAddress() throws {
        let other = try db.user("other")
        let address = try db.addresses.addAddress(userID: other.id, db.addressInput())
        #expect(throws: DomainError.self) { try db.orders.preview(userID: buyer.id, addressID: address.id) }
        #expect(throws: DomainError.self) { try db.addresses.removeAddress(id: address.id, userID: buyer.id) }
    }
}
