import Foundation
import Storage
import Testing
@testable import App

@Suite("node(id:) and nodes(ids:) for commerce objects")
struct CommerceNodeTests {
    @Test("shops, goods, kinds and reviews load for anyone by their global IDs; a missing one is null")
    func publicNodes() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let catalog = world.catalog
        let reviewer = try world.account()
        let review = try world.stores { stores in
            try stores.market.addReview(
                goodsID: catalog.goods["ribs"] ?? 0, authorID: reviewer.userID, rating: 5, text: "好吃",
                photos: [], kindName: nil)
        }
        let data = try world.anonymous.post(
            """
            query($ids: [ID!]!) { nodes(ids: $ids) {
              __typename id
              ... on Shop { name } ... on Goods { name } ... on Kind { name stock } ... on Review { text rating }
            } }
            """, ["ids": [.string(catalog.shopID("meat")), .string(catalog.goodsID("ribs")), .string(catalog.kindID("ribs-500g")),
                          .string(GlobalID("Review", review.id).encoded), .string(GlobalID("Goods", 999_999).encoded)]]
        ).ok()["nodes"].array
        #expect(data.map { $0["__typename"].string ?? "null" } == ["Shop", "Goods", "Kind", "Review", "null"])
        #expect(data[0]["name"].string == "老王肉铺")
        #expect(data[1]["id"].string == catalog.goodsID("ribs"))
        #expect(data[2]["stock"].int == 50)
        #expect(data[3]["text"].string == "好吃")
        #expect(data[4].isNull)
    }

    @Test("cart lines, addresses and orders load only for their owner")
    func personalNodes() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let owner = try world.account(withAddress: true)
        let other = try world.account()
        try owner.client.addToCart(world.catalog.goodsID("apple"))
        let item = try #require(try owner.client.cartItems().first?["id"].string)
        let order = try owner.client.post(
            CommerceDocuments.placeOrder,
            ["input": ["addressId": .string(owner.addressID ?? ""), "idempotencyKey": "node-order-1",
                       "buyNow": ["goodsId": .string(world.catalog.goodsID("rice"))]]]
        ).ok()["placeOrder"]["id"].string ?? ""
        let document = """
            query($ids: [ID!]!) { nodes(ids: $ids) {
              __typename id ... on CartItem { quantity } ... on Address { name } ... on Order { total { cents } } } }
            """
        let ids: [String: JSON] = ["ids": [.string(item), .string(owner.addressID ?? ""), .string(order)]]
        let mine = try owner.client.post(document, ids).ok()["nodes"].array
        #expect(mine.map { $0["__typename"].string ?? "null" } == ["CartItem", "Address", "Order"])
        #expect(mine[2]["total"]["cents"].int == 3990 + 600)
        for client in [other.client, world.anonymous] {
            let theirs = try client.post(document, ids).ok()["nodes"].array
            #expect(theirs == [.null, .null, .null])
        }
    }
}
