import Foundation
import Testing
@testable import App

@Suite("Personal commerce data: only for its owner")
struct CommercePersonalAccessTests {
    /// Every personal field and mutation, with IDs of the right types.
    static let personal: [String] = [
        "{ cart { totalQuantity } }",
        "{ addresses { id } }",
        "{ orderPreview { total { cents } } }",
        "{ buyNowPreview(goodsId: \"\(GlobalID("Goods", 1).encoded)\") { total { cents } } }",
        "{ orders { totalCount } }",
        "{ order(id: \"\(GlobalID("Order", 1).encoded)\") { id } }",
        "{ basket { merged { name } } }",
        "mutation { addToCart(goodsId: \"\(GlobalID("Goods", 1).encoded)\") { totalQuantity } }",
        "mutation { setItemQuantity(itemId: \"\(GlobalID("CartItem", 1).encoded)\", quantity: 1) { totalQuantity } }",
        "mutation { setItemSelected(itemId: \"\(GlobalID("CartItem", 1).encoded)\", selected: true) { totalQuantity } }",
        "mutation { setShopSelected(shopId: \"\(GlobalID("Shop", 1).encoded)\", selected: true) { totalQuantity } }",
        "mutation { setAllSelected(selected: true) { totalQuantity } }",
        "mutation { removeCartItems(itemIds: [\"\(GlobalID("CartItem", 1).encoded)\"]) { totalQuantity } }",
        "mutation { removeSelectedItems { totalQuantity } }",
        "mutation { addAddress(input: {name: \"a\", phone: \"13800138000\", region: \"b\", detail: \"c\"}) { id } }",
        "mutation { updateAddress(id: \"\(GlobalID("Address", 1).encoded)\", input: {name: \"a\", phone: \"13800138000\", region: \"b\", detail: \"c\"}) { id } }",
        "mutation { removeAddress(id: \"\(GlobalID("Address", 1).encoded)\") { id } }",
        "mutation { setDefaultAddress(id: \"\(GlobalID("Address", 1).encoded)\") { id } }",
        "mutation { placeOrder(input: {addressId: \"\(GlobalID("Address", 1).encoded)\", idempotencyKey: \"anonymous-1\"}) { id } }",
        "mutation { addRecipeToBasket(recipeId: \"\(GlobalID("Recipe", 1).encoded)\") { merged { name } } }",
        "mutation { removeRecipeFromBasket(recipeId: \"\(GlobalID("Recipe", 1).encoded)\") { merged { name } } }",
        "mutation { clearBasket { merged { name } } }",
        "mutation { setIngredientPurchased(name: \"盐\", purchased: true) { merged { name } } }",
        "mutation { updateSettings(input: {pushEnabled: false}) { pushEnabled } }",
    ]

    @Test("without a token every personal field and mutation is UNAUTHENTICATED")
    func anonymous() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        for document in Self.personal {
            let response = try world.anonymous.post(document)
            #expect(response.errorCode == "UNAUTHENTICATED", "\(document)")
            // No data at all, or a nullable field nulled: nothing personal either way.
            let fields: [JSON] = if case .object(let members) = response.data { Array(members.values) } else { [] }
            #expect(response.data.isNull || fields.allSatisfy(\.isNull), "\(document)")
        }
    }

    @Test("another user's cart lines, addresses and orders are NOT_FOUND, like missing ones, and stay as they were")
    func othersObjects() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let owner = try world.account(withAddress: true)
        let intruder = try world.account(withAddress: true)
        try owner.client.addToCart(world.catalog.goodsID("apple"))
        let item = try #require(try owner.client.cartItems().first?["id"].string)
        try owner.client.addToCart(world.catalog.goodsID("rice"))
        let order = try owner.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(owner.addressID ?? ""), "idempotencyKey": "owner-order-1",
                       "buyNow": ["goodsId": .string(world.catalog.goodsID("wok"))]]]
        ).ok()["placeOrder"]["id"].string ?? ""
        let address = owner.addressID ?? ""
        let cartBefore = try owner.client.cart()
        let addressesBefore = try owner.client.post(CommerceDocuments.addresses).ok()

        let attempts: [(String, [String: JSON])] = [
            ("mutation($id: ID!) { setItemQuantity(itemId: $id, quantity: 2) { totalQuantity } }", ["id": .string(item)]),
            ("mutation($id: ID!) { setItemQuantity(itemId: $id, quantity: 0) { totalQuantity } }", ["id": .string(item)]),
            ("mutation($id: ID!) { setItemSelected(itemId: $id, selected: false) { totalQuantity } }", ["id": .string(item)]),
            ("mutation($id: ID!) { removeCartItems(itemIds: [$id]) { totalQuantity } }", ["id": .string(item)]),
            ("mutation($id: ID!) { updateAddress(id: $id, input: {name: \"x\", phone: \"13800138000\", region: \"y\", detail: \"z\"}) { id } }", ["id": .string(address)]),
            ("mutation($id: ID!) { removeAddress(id: $id) { id } }", ["id": .string(address)]),
            ("mutation($id: ID!) { setDefaultAddress(id: $id) { id } }", ["id": .string(address)]),
            ("query($id: ID!) { orderPreview(addressId: $id) { total { cents } } }", ["id": .string(address)]),
            ("query($id: ID!, $g: ID!) { buyNowPreview(goodsId: $g, addressId: $id) { total { cents } } }",
             ["id": .string(address), "g": .string(world.catalog.goodsID("apple"))]),
            ("mutation($id: ID!) { placeOrder(input: {addressId: $id, idempotencyKey: \"intruder-1\", buyNow: {goodsId: \"\(world.catalog.goodsID("apple"))\"}}) { id } }", ["id": .string(address)]),
            ("query($id: ID!) { order(id: $id) { id total { cents } } }", ["id": .string(order)]),
        ]
        for (document, variables) in attempts {
            let theirs = try intruder.client.post(document, variables)
            #expect(theirs.errorCode == "NOT_FOUND", "\(document)")
            // A missing object of the same type answers exactly the same.
            let missingVariables = variables.mapValues { value -> JSON in
                guard let text = value.string, let id = GlobalID(encoded: text), id.typeName != "Goods" else { return value }
                return .string(GlobalID(id.typeName, 999_999).encoded)
            }
            let missing = try intruder.client.post(document, missingVariables)
            #expect(missing.errorCode == "NOT_FOUND", "\(document)")
            #expect(missing.errorMessage == theirs.errorMessage, "\(document)")
        }
        #expect(try owner.client.cart() == cartBefore)
        #expect(try owner.client.post(CommerceDocuments.addresses).ok() == addressesBefore)
        #expect(try intruder.client.post(CommerceDocuments.orders()).ok()["orders"]["totalCount"].int == 0)
        #expect(try intruder.client.cartItems().isEmpty)
        #expect(try owner.client.post("query($id: ID!) { order(id: $id) { id } }", ["id": .string(order)]).ok()["order"]["id"].string == order)
    }

    @Test("an ID of the wrong type, or not an ID at all, is BAD_USER_INPUT")
    func wrongTypes() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        let before = try buyer.client.cart()
        let shop = world.catalog.shopID("fruit")
        let attempts: [(String, [String: JSON])] = [
            ("mutation($id: ID!) { addToCart(goodsId: $id) { totalQuantity } }", ["id": .string(shop)]),
            ("mutation($g: ID!, $k: ID) { addToCart(goodsId: $g, kindId: $k) { totalQuantity } }",
             ["g": .string(world.catalog.goodsID("apple")), "k": .string(world.catalog.goodsID("apple"))]),
            ("mutation($id: ID!) { setItemQuantity(itemId: $id, quantity: 1) { totalQuantity } }", ["id": .string(buyer.addressID ?? "")]),
            ("mutation($id: ID!) { removeCartItems(itemIds: [$id]) { totalQuantity } }", ["id": "not an id"]),
            ("mutation($id: ID!) { setShopSelected(shopId: $id, selected: false) { totalQuantity } }", ["id": .string(world.catalog.goodsID("apple"))]),
            ("query($id: ID!) { order(id: $id) { id } }", ["id": .string(shop)]),
            ("query($id: ID!) { goods(id: $id) { id } }", ["id": .string(shop)]),
            ("query($id: ID!) { shop(id: $id) { id } }", ["id": "%%%"]),
            ("query($id: ID!) { orders(shopId: $id) { totalCount } }", ["id": .string(world.catalog.goodsID("apple"))]),
            ("query($id: ID) { orderPreview(addressId: $id) { total { cents } } }", ["id": .string(shop)]),
        ]
        for (document, variables) in attempts {
            let response = try buyer.client.post(document, variables)
            #expect(response.errorCode == "BAD_USER_INPUT", "\(document)")
        }
        #expect(try buyer.client.cart() == before)
    }
}
