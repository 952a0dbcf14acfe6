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

    func createGoods(shopID: Int64, name: String, listed: Bool = true, kinds: [NewKind]) throws -> Goods {
        try createGoods(
            shopID: shopID, name: name, foreword: nil, description: nil, soup: nil, listed: listed,
            images: [], attributes: [], kinds: kinds, salesCount: 0)
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
