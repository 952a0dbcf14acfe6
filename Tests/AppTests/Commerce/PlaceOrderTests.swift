import Foundation
import Testing

@Suite("Placing orders and reading them back")
struct PlaceOrderTests {
    @Test("placing an order takes stock, snapshots lines, prices and address, and removes only the bought lines")
    func placing() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(member: true, withAddress: true)
        let catalog = world.catalog
        try buyer.client.addToCart(catalog.goodsID("ribs"), quantity: 2)
        let cart = try buyer.client.addToCart(catalog.goodsID("wok"))
        let wokLine = try #require(cart["shops"][1]["items"][0]["id"].string)
        try buyer.client.addToCart(catalog.goodsID("apple"))
        _ = try buyer.client.post(
            "mutation($id: ID!) { setItemSelected(itemId: $id, selected: false) { totalQuantity } }",
            ["id": .string(wokLine)]
        ).ok()
        let preview = try buyer.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]

        let order = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "order-0001",
                       "note": "  放门口  "]]
        ).ok()["placeOrder"]
        #expect(order["status"].string == "PENDING_PAYMENT")
        #expect(order["note"].string == "放门口")
        #expect(order["total"]["cents"].int == preview["total"]["cents"].int)
        #expect(order["quantity"].int == 3)
        #expect(order["shops"].array.map { $0["shop"]["id"].string } == [catalog.shopID("meat"), catalog.shopID("fruit")])
        #expect(order["shops"][0]["lines"][0]["unitPrice"]["cents"].int == 3990)
        #expect(order["address"]["region"].string == "上海市 徐汇区")

        #expect(try world.stock("ribs-500g") == 48)
        #expect(try world.stock("apple-1kg") == 999)
        #expect(try world.stock("wok-32cm") == 3)
        let left = try buyer.client.cartItems()
        #expect(left.map { $0["id"].string } == [wokLine])

        // The snapshot keeps the old price and address after both change.
        try world.setKindCents("ribs-500g", column: "member_price_cents", to: 1)
        _ = try buyer.client.post(
            "mutation($id: ID!) { updateAddress(id: $id, input: {name: \"新名字\", phone: \"13900000000\", region: \"北京市\", detail: \"x\"}) { id } }",
            ["id": .string(buyer.addressID ?? "")]
        ).ok()
        let history = try buyer.client.post(CommerceDocuments.orders()).ok()["orders"]
        #expect(history["totalCount"].int == 1)
        #expect(history["nodes"][0] == order)
        let single = try buyer.client.post(
            "query($id: ID!) { order(id: $id) { ...OrderFields } }\n" + CommerceDocuments.orderFields,
            ["id": .string(order["id"].string ?? "")]
        ).ok()["order"]
        #expect(single == order)
    }

    @Test("the same idempotency key returns the first order and changes nothing more")
    func idempotency() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let input: JSON = ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "same-key-123"]
        let first = try buyer.client.post(CommerceDocuments.placeOrder, ["input": input]).ok()["placeOrder"]
        try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let again = try buyer.client.post(CommerceDocuments.placeOrder, ["input": input]).ok()["placeOrder"]
        #expect(again == first)
        #expect(try world.stock("wok-32cm") == 2)
        #expect(try buyer.client.cartItems().count == 1)
        #expect(try buyer.client.post(CommerceDocuments.orders()).ok()["orders"]["totalCount"].int == 1)

        let short = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "short"]])
        #expect(short.errorCode == "BAD_USER_INPUT")
        #expect(try buyer.client.cartItems().count == 1)
    }

    @Test("stock is re-checked when placing: too little left refuses the whole order and changes nothing")
    func stockRechecked() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 2)
        try buyer.client.addToCart(world.catalog.goodsID("wok"), quantity: 3)
        try world.setStock("wok-32cm", 2)
        let before = try buyer.client.cart()
        let response = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "recheck-01"]])
        #expect(response.errorCode == "INSUFFICIENT_STOCK")
        #expect(try buyer.client.cart() == before)
        #expect(try world.stock("wok-32cm") == 2)
        #expect(try world.stock("apple-1kg") == 1000)
        #expect(try buyer.client.post(CommerceDocuments.orders()).ok()["orders"]["totalCount"].int == 0)
    }

    @Test("prices are re-read when placing: a price changed since the cart was drawn is the one charged")
    func pricesReread() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        let cart = try buyer.client.addToCart(world.catalog.goodsID("rice"), quantity: 2)
        #expect(cart["selectedSubtotal"]["cents"].int == 7980)
        try world.setKindCents("rice-5kg", column: "price_cents", to: 4200)
        let order = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "reread-price"]]
        ).ok()["placeOrder"]
        // 42.00 × 2 = 84.00, below 粮油小铺's 88.00: 6.00 shipping; (45.90 − 42.00) × 2 = 7.80 off.
        #expect(order["subtotal"]["cents"].int == 8400)
        #expect(order["discount"]["cents"].int == 780)
        #expect(order["shippingFee"]["cents"].int == 600)
        #expect(order["total"]["amount"].string == "90.00")
        #expect(order["shops"][0]["lines"][0]["unitPrice"]["cents"].int == 4200)
    }

    @Test("an order needs something selected")
    func nothingSelected() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        let response = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "empty-cart"]])
        #expect(response.errorCode == "BAD_USER_INPUT")
    }

    @Test("buyNow orders one goods without touching the cart")
    func buyNow() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        let order = try buyer.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "buy-now-01",
                       "buyNow": ["goodsId": .string(world.catalog.goodsID("strawberry")),
                                  "kindId": .string(world.catalog.kindID("strawberry-500g")), "quantity": 2]]]
        ).ok()["placeOrder"]
        #expect(order["shops"][0]["lines"][0]["kindName"].string == "500g")
        #expect(order["subtotal"]["cents"].int == 9200)
        #expect(order["discount"]["cents"].int == 800)
        #expect(order["shippingFee"]["cents"].int == 800)
        #expect(try world.stock("strawberry-500g") == 3)
        #expect(try buyer.client.cartItems().count == 1)
    }

    @Test("orders are newest first, paged, and filterable by shop (the lunch app's history)")
    func history() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        var placed: [String] = []
        for (index, goods) in ["apple", "lunch-monday-0", "rice"].enumerated() {
            let order = try buyer.client.post(
                CommerceDocuments.placeOrder,
                ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": .string("history-\(index)-key"),
                           "buyNow": ["goodsId": .string(world.catalog.goodsID(goods))]]]
            ).ok()["placeOrder"]
            placed.append(order["id"].string ?? "")
        }
        let first = try buyer.client.post(CommerceDocuments.orders(first: 2)).ok()["orders"]
        #expect(first["totalCount"].int == 3)
        #expect(first["nodes"].array.map { $0["id"].string ?? "" } == [placed[2], placed[1]])
        #expect(first["pageInfo"]["hasNextPage"].bool == true)
        let second = try buyer.client.post(
            CommerceDocuments.orders(first: 2), ["after": first["pageInfo"]["endCursor"]]
        ).ok()["orders"]
        #expect(second["nodes"].array.map { $0["id"].string ?? "" } == [placed[0]])
        #expect(second["pageInfo"]["hasNextPage"].bool == false)

        let lunch = try buyer.client.post(
            CommerceDocuments.orders(), ["shopId": .string(world.catalog.shopID("lunch"))]
        ).ok()["orders"]
        #expect(lunch["totalCount"].int == 1)
        #expect(lunch["nodes"].array.map { $0["id"].string ?? "" } == [placed[1]])

        let tooMany = try buyer.client.post("{ orders(first: 101) { totalCount } }")
        #expect(tooMany.errorCode == "BAD_USER_INPUT")
    }
}
