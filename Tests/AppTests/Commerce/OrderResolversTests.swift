import Foundation
import Testing

@Suite("Order previews: money shop by shop, to the cent")
struct OrderResolversTests {
    /// A member's cart across four shops, checked against this hand computation:
    ///
    /// | shop | line | unit | qty | subtotal | discount | shipping | total |
    /// | --- | --- | --- | --- | --- | --- | --- | --- |
    /// | 鲜果园 (8.00, free from 99.00) | apple 1kg, price 19.90, was 25.90 | 19.90 | 3 | 59.70 | (25.90−19.90)×3 = 18.00 | 59.70 < 99.00 → 8.00 | 67.70 |
    /// | 老王肉铺 (10.00, free from 50.00) | ribs 500g, member 39.90, was 52.00 | 39.90 | 2 | 79.80 | (52.00−39.90)×2 = 24.20 | 79.80 ≥ 50.00 → 0.00 | 79.80 |
    /// | 好锅厨具 (15.00, never free) | wok 32cm, 199.00, no crossed-out price | 199.00 | 1 | 199.00 | 0.00 | 15.00 | 214.00 |
    /// | 粮油小铺 (6.00, free from 88.00) | rice 5kg, 39.90, was 45.90 | 39.90 | 2 | 79.80 | (45.90−39.90)×2 = 12.00 | 79.80 < 88.00 → 6.00 | 85.80 |
    ///
    /// A deselected strawberry line (鲜果园, 25.00) must not count anywhere.
    ///
    /// Grand: quantity 3+2+1+2 = 8; subtotal 59.70+79.80+199.00+79.80 = 418.30;
    /// discount 18.00+24.20+0+12.00 = 54.20; shipping 8.00+0+15.00+6.00 = 29.00;
    /// total 418.30 + 29.00 = 447.30.
    @Test("a cart across four shops costs exactly the hand-computed 447.30")
    func workedExample() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let member = try world.account(member: true, withAddress: true)
        let catalog = world.catalog
        try member.client.addToCart(catalog.goodsID("apple"), quantity: 3)
        let withStrawberry = try member.client.addToCart(
            catalog.goodsID("strawberry"), kind: catalog.kindID("strawberry-250g"))
        let strawberryLine = try #require(withStrawberry["shops"][0]["items"][1]["id"].string)
        _ = try member.client.post(
            "mutation($id: ID!) { setItemSelected(itemId: $id, selected: false) { totalQuantity } }",
            ["id": .string(strawberryLine)]
        ).ok()
        try member.client.addToCart(catalog.goodsID("ribs"), quantity: 2)
        try member.client.addToCart(catalog.goodsID("wok"))
        try member.client.addToCart(catalog.goodsID("rice"), quantity: 2)

        let preview = try member.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]
        #expect(preview["address"]["id"].string == member.addressID)
        #expect(preview["address"]["isDefault"].bool == true)
        let shops = preview["shops"].array
        #expect(shops.map { $0["shop"]["name"].string } == ["鲜果园", "老王肉铺", "好锅厨具", "粮油小铺"])
        #expect(shops.map { $0["subtotal"]["amount"].string } == ["59.70", "79.80", "199.00", "79.80"])
        #expect(shops.map { $0["discount"]["amount"].string } == ["18.00", "24.20", "0.00", "12.00"])
        #expect(shops.map { $0["shippingFee"]["amount"].string } == ["8.00", "0.00", "15.00", "6.00"])
        #expect(shops.map { $0["total"]["amount"].string } == ["67.70", "79.80", "214.00", "85.80"])
        #expect(shops[0]["lines"].array.count == 1)
        #expect(shops[1]["lines"][0]["unitPrice"]["cents"].int == 3990)
        #expect(shops[1]["lines"][0]["kindName"].string == "500g")
        #expect(preview["quantity"].int == 8)
        #expect(preview["subtotal"]["amount"].string == "418.30")
        #expect(preview["discount"]["amount"].string == "54.20")
        #expect(preview["shippingFee"]["amount"].string == "29.00")
        #expect(preview["total"]["amount"].string == "447.30")
        #expect(preview["total"]["cents"].int == 44730)
    }

    @Test("shipping is charged once per shop however many lines it has, and waived at the threshold")
    func shippingOncePerShop() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        // 粮油小铺 (6.00, free from 88.00): rice 39.90 + bulk 0.10 × 2 = 40.10: one fee.
        try buyer.client.addToCart(world.catalog.goodsID("rice"))
        try buyer.client.addToCart(world.catalog.goodsID("bulk"), quantity: 2)
        var preview = try buyer.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]
        #expect(preview["shops"].array.count == 1)
        #expect(preview["shops"][0]["lines"].array.count == 2)
        #expect(preview["subtotal"]["cents"].int == 4010)
        #expect(preview["shippingFee"]["cents"].int == 600)
        #expect(preview["total"]["cents"].int == 4610)
        // 39.90 + 0.10 × 480 = 87.90, ten cents short of the threshold: still charged.
        try buyer.client.addToCart(world.catalog.goodsID("bulk"), quantity: 478)
        preview = try buyer.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]
        #expect(preview["subtotal"]["cents"].int == 8790)
        #expect(preview["shippingFee"]["cents"].int == 600)
        // 39.90 + 0.10 × 481 = 88.00: reaching the threshold waives it.
        try buyer.client.addToCart(world.catalog.goodsID("bulk"), quantity: 1)
        preview = try buyer.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]
        #expect(preview["subtotal"]["cents"].int == 8800)
        #expect(preview["shippingFee"]["cents"].int == 0)
        #expect(preview["total"]["amount"].string == "88.00")
    }

    @Test("buyNowPreview prices one goods without touching the cart")
    func buyNowPreview() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let member = try world.account(member: true, withAddress: true)
        try member.client.addToCart(world.catalog.goodsID("apple"))
        let preview = try member.client.post(
            """
            query($goods: ID!) { buyNowPreview(goodsId: $goods, quantity: 2) {
              address { id } quantity subtotal { cents } discount { cents } shippingFee { cents } total { cents }
              shops { shop { name } lines { goodsName quantity unitPrice { cents } } } } }
            """, ["goods": .string(world.catalog.goodsID("ribs"))]
        ).ok()["buyNowPreview"]
        #expect(preview["shops"].array.count == 1)
        #expect(preview["shops"][0]["lines"][0]["goodsName"].string == "ribs")
        #expect(preview["subtotal"]["cents"].int == 7980)
        #expect(preview["discount"]["cents"].int == 2420)
        #expect(preview["shippingFee"]["cents"].int == 0)
        #expect(preview["total"]["cents"].int == 7980)
        #expect(preview["address"]["id"].string == member.addressID)
        #expect(try member.client.cartItems().count == 1)

        let needsKind = try member.client.post(
            "query($goods: ID!) { buyNowPreview(goodsId: $goods) { total { cents } } }",
            ["goods": .string(world.catalog.goodsID("strawberry"))])
        #expect(needsKind.errorCode == "BAD_USER_INPUT")
    }

    @Test("a preview with no address uses none when the viewer has none")
    func previewWithoutAddress() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let preview = try buyer.client.post(CommerceDocuments.orderPreview).ok()["orderPreview"]
        #expect(preview["address"].isNull)
        #expect(preview["total"]["amount"].string == "214.00")
    }
}
