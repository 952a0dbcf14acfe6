import Foundation

extension MarketRepository {
    /// Opens a shop (for the demo data and operators). Money is in cents.
    public func createShop(
        name: String, logoURL: String? = nil, announcement: String? = nil, shippingFee: Int,
        freeShippingThreshold: Int? = nil
    ) throws -> Shop {
        try database.write { c in
            try c.execute(
                """
                INSERT INTO shops (name, logo_url, announcement, shipping_fee_cents,
                    free_shipping_threshold_cents) VALUES (?, ?, ?, ?, ?)
                """, name, logoURL, announcement, shippingFee, freeShippingThreshold)
            return try Self.shops(ids: [c.lastInsertRowID], c)[c.lastInsertRowID]!
        }
    }

    /// Lists a goods with its kinds, images and attributes; `listed: false` keeps it out
    /// of the market (lunch dishes). Needs at least one kind.
    public func createGoods(
        shopID: Int64, name: String, foreword: String? = nil, description: String? = nil,
        soup: String? = nil, listed: Bool = true, images: [Photo] = [],
        attributes: [GoodsAttribute] = [], kinds: [NewKind], salesCount: Int = 0
    ) throws -> Goods {
        guard !kinds.isEmpty else { throw DomainError.badInput("A goods needs at least one kind.") }
        return try database.write { c in
            let id = try Self.insertGoods(
                shopID: shopID, name: name, foreword: foreword, description: description,
                soup: soup, listed: listed, images: images, attributes: attributes, kinds: kinds,
                salesCount: salesCount, createdAt: clock(), c)
            return try Self.goods(ids: [id], c)[id]!
        }
    }

    static func insertGoods(
        shopID: Int64, name: String, foreword: String?, description: String?, soup: String?,
        listed: Bool, images: [Photo], attributes: [GoodsAttribute], kinds: [NewKind],
        salesCount: Int, createdAt: Date, _ c: Connection
    ) throws -> Int64 {
        try Bounds.check(images.count, atMost: Bounds.goodsImages, "images", of: "A goods")
        try Bounds.check(kinds.count, atMost: Bounds.goodsKinds, "kinds", of: "A goods")
        try Bounds.check(attributes.count, atMost: Bounds.goodsAttributes, "attributes", of: "A goods")
        try c.execute(
            """
            INSERT INTO goods (shop_id, name, foreword, description, soup, listed, sales_count,
                created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, shopID, name, foreword, description, soup, listed, salesCount,
            createdAt.milliseconds)
        let id = c.lastInsertRowID
        for (position, image) in images.enumerated() {
            try c.execute(
                "INSERT INTO goods_images (goods_id, position, url, width, height) VALUES (?, ?, ?, ?, ?)",
                id, position, image.url, image.width, image.height)
        }
        for (position, attribute) in attributes.enumerated() {
            try c.execute(
                "INSERT INTO goods_attributes (goods_id, position, name, value) VALUES (?, ?, ?, ?)",
                id, position, attribute.name, attribute.value)
        }
        for (position, kind) in kinds.enumerated() {
            try c.execute(
                """
                INSERT INTO kinds (goods_id, position, name, price_cents, original_price_cents,
                    member_price_cents, stock) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, id, position, kind.name, kind.price, kind.originalPrice, kind.memberPrice,
                kind.stock)
        }
        return id
    }

    /// Sets a kind's stock (for operators and tests); never below zero.
    public func setStock(kindID: Int64, stock: Int) throws {
        guard stock >= 0 else { throw DomainError.badInput("Stock cannot be negative.") }
        try database.write { c in
            try c.execute("UPDATE kinds SET stock = ? WHERE id = ?", stock, kindID)
        }
    }
}
