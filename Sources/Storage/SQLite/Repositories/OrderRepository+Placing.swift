import Foundation

extension OrderRepository {
    /// Places an order in one write transaction: re-reads stock and prices, refuses the
    /// whole order if any line exceeds its stock, decrements stock (the `UPDATE` itself
    /// refuses to go below zero), snapshots lines, prices and the address, and removes the
    /// bought lines from the cart. A key already used by this user returns that order.
    public func placeOrder(
        userID: Int64, addressID: Int64, idempotencyKey: String, note: String?,
        source: OrderSource = .cart
    ) throws -> Order {
        let key = try Validation.idempotencyKey(idempotencyKey)
        return try database.write { c in
            if let existing = try c.queryFirst(
                "SELECT id FROM orders WHERE user_id = ? AND idempotency_key = ?", userID, key,
                row: { $0.int64(0) })
            {
                return try Self.orders(ids: [existing], c)[existing]!
            }
            guard let address = try AddressRepository.address(id: addressID, userID: userID, c)
            else { throw DomainError.notFound("No address of yours has this ID.") }
            let purchases = try Self.purchases(userID: userID, source: source, c)
            guard !purchases.isEmpty else {
                throw DomainError.badInput("Nothing is selected in your cart to order.")
            }
            for purchase in purchases {
                try Self.takeStock(purchase, c)
            }
            let lines = purchases.map(\.line)
            let shops = try MarketRepository.shops(ids: lines.map(\.shopID), c)
            let order = Order(
                id: 0, userID: userID, status: .pendingPayment,
                shops: Pricing.groups(lines, shops: shops), address: address.snapshot,
                note: note.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }, createdAt: clock())
            let id = try Self.insert(order, idempotencyKey: key, c)
            let bought = purchases.compactMap(\.cartItemID)
            if !bought.isEmpty {
                let list = SQLList(bought)
                try c.execute(
                    "DELETE FROM cart_items WHERE user_id = ? AND id IN (\(list.placeholders))",
                    arguments: [userID] + list.arguments)
                try EventLog.append(topic: EventLog.cartTopic(userID: userID), c)
            }
            return try Self.orders(ids: [id], c)[id]!
        }
    }

    /// Takes a line's units from stock, or throws `insufficientStock` naming what is left.
    static func takeStock(_ purchase: Purchase, _ c: Connection) throws {
        let quantity = purchase.line.quantity
        try c.execute(
            "UPDATE kinds SET stock = stock - ?1 WHERE id = ?2 AND stock >= ?1",
            quantity, purchase.kind.id)
        guard c.changes == 1 else {
            let left = try c.queryFirst("SELECT stock FROM kinds WHERE id = ?", purchase.kind.id) {
                $0.int(0)
            } ?? 0
            throw CommerceRules.shortage(purchase.line, left: left)
        }
        try c.execute(
            "UPDATE goods SET sales_count = sales_count + ? WHERE id = ?",
            quantity, purchase.line.goodsID)
    }

    /// Writes an order, its shop groups and lines; returns its id.
    static func insert(_ order: Order, idempotencyKey: String, _ c: Connection) throws -> Int64 {
        try c.execute(
            """
            INSERT INTO orders (user_id, idempotency_key, status, note, address_name,
                address_phone, address_region, address_detail, quantity, subtotal_cents,
                discount_cents, shipping_fee_cents, total_cents, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, order.userID, idempotencyKey, order.status.rawValue, order.note,
            order.address.name, order.address.phone, order.address.region, order.address.detail,
            order.quantity, order.subtotal, order.discount, order.shippingFee, order.total,
            order.createdAt.milliseconds)
        let id = c.lastInsertRowID
        var linePosition = 0
        for (position, group) in order.shops.enumerated() {
            try c.execute(
                """
                INSERT INTO order_shops (order_id, position, shop_id, subtotal_cents,
                    discount_cents, shipping_fee_cents) VALUES (?, ?, ?, ?, ?, ?)
                """, id, position, group.shopID, group.subtotal, group.discount, group.shippingFee)
            for line in group.lines {
                try c.execute(
                    """
                    INSERT INTO order_lines (order_id, position, shop_id, goods_id, kind_id,
                        goods_name, kind_name, unit_price_cents, original_price_cents, quantity)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, id, linePosition, line.shopID, line.goodsID, line.kindID, line.goodsName,
                    line.kindName, line.unitPrice, line.originalPrice, line.quantity)
                linePosition += 1
            }
        }
        return id
    }
}
