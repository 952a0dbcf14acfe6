import Foundation
import Testing

@Suite("Cart mutations over HTTP")
struct CartMutationsTests {
    @Test("adding a goods and kind already in the cart adds to that line")
    func addingAgainGrowsTheLine() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("apple"), quantity: 2)
        let cart = try buyer.client.addToCart(
            world.catalog.goodsID("apple"), kind: world.catalog.kindID("apple-1kg"), quantity: 3)
        let items = cart["shops"].array.flatMap { $0["items"].array }
        #expect(items.count == 1)
        #expect(items.first?["quantity"].int == 5)
        #expect(cart["totalQuantity"].int == 5)
    }

    @Test("a goods with several kinds needs a kind; the cart is unchanged without one")
    func kindRequiredWhenSeveral() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        let before = try buyer.client.cart()
        let response = try buyer.client.post(
            CommerceDocuments.addToCart, ["goodsId": .string(world.catalog.goodsID("strawberry"))])
        #expect(response.errorCode == "BAD_USER_INPUT")
        #expect(response.errorMessage?.contains("kindId") == true)
        #expect(try buyer.client.cart() == before)

        let wrongKind = try buyer.client.post(
            CommerceDocuments.addToCart,
            ["goodsId": .string(world.catalog.goodsID("strawberry")),
             "kindId": .string(world.catalog.kindID("apple-1kg"))])
        #expect(wrongKind.errorCode == "NOT_FOUND")
        #expect(try buyer.client.cart() == before)

        let chosen = try buyer.client.addToCart(
            world.catalog.goodsID("strawberry"), kind: world.catalog.kindID("strawberry-500g"))
        #expect(chosen["totalQuantity"].int == 2)
    }

    @Test("adding more than the stock is INSUFFICIENT_STOCK and changes nothing")
    func addingAboveStock() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("wok"), quantity: 2)
        let before = try buyer.client.cart()
        let response = try buyer.client.post(
            CommerceDocuments.addToCart,
            ["goodsId": .string(world.catalog.goodsID("wok")), "quantity": 2])
        #expect(response.errorCode == "INSUFFICIENT_STOCK")
        #expect(response.errorMessage?.contains("1 to 3") == true)
        #expect(try buyer.client.cart() == before)

        let zero = try buyer.client.post(
            CommerceDocuments.addToCart, ["goodsId": .string(world.catalog.goodsID("wok")), "quantity": 0])
        #expect(zero.errorCode == "BAD_USER_INPUT")
        #expect(try buyer.client.cart() == before)
    }

    @Test("setItemQuantity sets 1 up to the stock and removes the line at 0")
    func settingQuantities() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let cart = try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let itemID = try #require(cart["shops"][0]["items"][0]["id"].string)

        let set = try buyer.client.post(
            CommerceDocuments.setItemQuantity, ["itemId": .string(itemID), "quantity": 3]
        ).ok()["setItemQuantity"]
        #expect(set["shops"][0]["items"][0]["quantity"].int == 3)
        #expect(set["shops"][0]["subtotal"]["cents"].int == 3 * 19900)

        let removed = try buyer.client.post(
            CommerceDocuments.setItemQuantity, ["itemId": .string(itemID), "quantity": 0]
        ).ok()["setItemQuantity"]
        #expect(removed["shops"].array.isEmpty)
        #expect(removed["totalQuantity"].int == 0)
        #expect(removed["allSelected"].bool == false)
    }

    @Test("a negative quantity or one above the stock names the allowed range and changes nothing")
    func rejectedQuantities() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let cart = try buyer.client.addToCart(world.catalog.goodsID("wok"), quantity: 2)
        let itemID = try #require(cart["shops"][0]["items"][0]["id"].string)

        let negative = try buyer.client.post(
            CommerceDocuments.setItemQuantity, ["itemId": .string(itemID), "quantity": -1])
        #expect(negative.errorCode == "BAD_USER_INPUT")
        #expect(negative.errorMessage?.contains("0") == true)
        #expect(negative.errorMessage?.contains("3") == true)
        #expect(negative.data.isNull)
        #expect(try buyer.client.cart() == cart)

        let tooMany = try buyer.client.post(
            CommerceDocuments.setItemQuantity, ["itemId": .string(itemID), "quantity": 4])
        #expect(tooMany.errorCode == "INSUFFICIENT_STOCK")
        #expect(tooMany.errorMessage?.contains("0 up to 3") == true)
        #expect(try buyer.client.cart() == cart)
    }

    @Test("selection: allSelected of a shop and of the cart is derived from the lines")
    func selection() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        try buyer.client.addToCart(world.catalog.goodsID("strawberry"), kind: world.catalog.kindID("strawberry-250g"))
        let cart = try buyer.client.addToCart(world.catalog.goodsID("rice"))
        #expect(cart["allSelected"].bool == true)
        let appleLine = try #require(cart["shops"][0]["items"][0]["id"].string)

        let deselected = try buyer.client.post(
            "mutation($id: ID!) { setItemSelected(itemId: $id, selected: false) { ...CartFields } }\n"
                + CommerceDocuments.cartFields, ["id": .string(appleLine)]
        ).ok()["setItemSelected"]
        #expect(deselected["allSelected"].bool == false)
        #expect(deselected["shops"][0]["allSelected"].bool == false)
        #expect(deselected["shops"][1]["allSelected"].bool == true)
        #expect(deselected["selectedQuantity"].int == 2)
        #expect(deselected["totalQuantity"].int == 3)
        #expect(deselected["shops"][0]["subtotal"]["cents"].int == 2500)

        let shopOn = try buyer.client.post(
            "mutation($id: ID!) { setShopSelected(shopId: $id, selected: true) { ...CartFields } }\n"
                + CommerceDocuments.cartFields, ["id": .string(world.catalog.shopID("fruit"))]
        ).ok()["setShopSelected"]
        #expect(shopOn["allSelected"].bool == true)
        #expect(shopOn["shops"][0]["allSelected"].bool == true)

        let allOff = try buyer.client.post(
            "mutation { setAllSelected(selected: false) { ...CartFields } }\n" + CommerceDocuments.cartFields
        ).ok()["setAllSelected"]
        #expect(allOff["allSelected"].bool == false)
        #expect(allOff["selectedQuantity"].int == 0)
        #expect(allOff["selectedSubtotal"]["amount"].string == "0.00")
        #expect(allOff["shops"].array.allSatisfy { $0["allSelected"].bool == false })
    }

    @Test("shop groups keep the order their first line was added; emptied groups disappear")
    func groupsAndRemoval() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("rice"))
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        let cart = try buyer.client.addToCart(world.catalog.goodsID("bulk"), quantity: 4)
        #expect(cart["shops"].array.map { $0["shop"]["name"].string } == ["粮油小铺", "鲜果园"])
        #expect(cart["shops"][0]["items"].array.count == 2)
        let appleLine = try #require(cart["shops"][1]["items"][0]["id"].string)

        let removed = try buyer.client.post(
            "mutation($ids: [ID!]!) { removeCartItems(itemIds: $ids) { ...CartFields } }\n"
                + CommerceDocuments.cartFields, ["ids": [.string(appleLine)]]
        ).ok()["removeCartItems"]
        #expect(removed["shops"].array.map { $0["shop"]["name"].string } == ["粮油小铺"])

        let riceLine = try #require(removed["shops"][0]["items"][0]["id"].string)
        let unknown = try buyer.client.post(
            "mutation($ids: [ID!]!) { removeCartItems(itemIds: $ids) { totalQuantity } }",
            ["ids": [.string(riceLine), .string(appleLine)]])
        #expect(unknown.errorCode == "NOT_FOUND")
        #expect(try buyer.client.cart() == removed)

        _ = try buyer.client.post(
            "mutation($id: ID!) { setItemSelected(itemId: $id, selected: false) { totalQuantity } }",
            ["id": .string(riceLine)]
        ).ok()
        let kept = try buyer.client.post(
            "mutation { removeSelectedItems { ...CartFields } }\n" + CommerceDocuments.cartFields
        ).ok()["removeSelectedItems"]
        #expect(kept["totalQuantity"].int == 1)
        #expect(kept["shops"][0]["items"][0]["id"].string == riceLine)
    }

    @Test("members pay the member price where one is set; others pay the price")
    func memberPrices() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let member = try world.account(member: true)
        let other = try world.account()
        for buyer in [member, other] {
            try buyer.client.addToCart(world.catalog.goodsID("ribs"), quantity: 2)
            try buyer.client.addToCart(world.catalog.goodsID("apple"))
        }
        let memberCart = try member.client.cart()
        #expect(memberCart["shops"][0]["items"][0]["unitPrice"]["cents"].int == 3990)
        #expect(memberCart["shops"][0]["items"][0]["lineTotal"]["amount"].string == "79.80")
        #expect(memberCart["shops"][1]["items"][0]["unitPrice"]["cents"].int == 1990)
        #expect(memberCart["selectedSubtotal"]["amount"].string == "99.70")
        let otherCart = try other.client.cart()
        #expect(otherCart["shops"][0]["items"][0]["unitPrice"]["cents"].int == 4500)
        #expect(otherCart["selectedSubtotal"]["cents"].int == 9000 + 1990)
        #expect(otherCart["selectedSubtotal"]["currency"].string == "CNY")
    }
}
