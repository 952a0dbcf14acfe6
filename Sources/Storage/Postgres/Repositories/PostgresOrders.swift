import Foundation

/// Order previews and orders on PostgreSQL (`OrderStore`).
///
/// `placeOrder` locks the buyer's row first (so one user's orders and cart changes run one
/// at a time, and a repeated idempotency key finds the first order), then takes stock
/// kind by kind in id order with `UPDATE … WHERE stock >= n`: concurrent buyers of the last
/// units wait on each kind's row lock and re-check, so stock is never oversold, and the
/// fixed order keeps two buyers of the same kinds from deadlocking.
struct PostgresOrders: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    /// A line to buy: the cart line it comes from (none for "buy now"), its kind and line.
    struct Purchase {
        var cartItemID: Int64?
        var kind: Kind
        var line: OrderLine
    }

    static func purchases(userID: Int64, source: OrderSource, _ c: PostgresConnection) throws -> [Purchase] {
        let isMember = try c.queryFirst("SELECT is_member FROM users WHERE id = $1", userID) { $0.bool(0) } ?? false
        let wanted: [(cartItemID: Int64?, kindID: Int64, quantity: Int)]
        switch source {
        case .cart:
            wanted = try c.query(
                "SELECT id, kind_id, quantity FROM cart_items WHERE user_id = $1 AND selected ORDER BY id", userID
            ) { (cartItemID: $0.int64(0), kindID: $0.int64(1), quantity: $0.int(2)) }
        case .buyNow(let goodsID, let kindID, let quantity):
            guard quantity >= 1 else { throw DomainError.badInput("The quantity must be at least 1; it was \(quantity).") }
            let kind = try PostgresCart.resolveKind(goodsID: goodsID, kindID: kindID, c)
            wanted = [(nil, kind.id, quantity)]
        }
        let kinds = try PostgresMarket.kinds(ids: wanted.map(\.kindID), c)
        let goods = try PostgresMarket.goods(ids: kinds.values.map(\.goodsID), c)
        return try wanted.map { want in
            guard let kind = kinds[want.kindID], let item = goods[kind.goodsID] else {
                throw DomainError.notFound("A goods in your order no longer exists.")
            }
            let line = OrderLine(
                shopID: item.shopID, goodsID: item.id, kindID: kind.id, goodsName: item.name,
                kindName: kind.name, unitPrice: kind.unitPrice(isMember: isMember),
                originalPrice: kind.originalPrice, quantity: want.quantity)
            return Purchase(cartItemID: want.cartItemID, kind: kind, line: line)
        }
    }

    static func orders(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Order] {
        let rows = try c.query(
            "SELECT \(OrderRepository.columns) FROM orders WHERE id = ANY($1::bigint[])",
            arguments: [.integers(distinct(ids))]) { OrderRepository.order($0) }
        return Dictionary(uniqueKeysWithValues: try withShops(rows, c).map { ($0.id, $0) })
    }

    /// The orders with their shop groups and lines: two statements for any number.
    static func withShops(_ orders: [Order], _ c: PostgresConnection) throws -> [Order] {
        guard !orders.isEmpty else { return [] }
        let ids = PostgresValue.integers(orders.map(\.id))
        let lines = grouped(try c.query(
            """
            SELECT order_id, shop_id, goods_id, kind_id, goods_name, kind_name, unit_price_cents,
                original_price_cents, quantity
            FROM order_lines WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, arguments: [ids]
        ) {
            ($0.int64(0), OrderLine(
                shopID: $0.int64(1), goodsID: $0.int64(2), kindID: $0.optionalInt64(3),
                goodsName: $0.string(4), kindName: $0.string(5), unitPrice: $0.int(6),
                originalPrice: $0.optionalInt(7), quantity: $0.int(8)))
        })
        let groups = grouped(try c.query(
            """
            SELECT order_id, shop_id, subtotal_cents, discount_cents, shipping_fee_cents
            FROM order_shops WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, arguments: [ids]
        ) { ($0.int64(0), ($0.int64(1), $0.int(2), $0.int(3), $0.int(4))) })
        return orders.map { order in
            var order = order
            let orderLines = lines[order.id] ?? []
            order.shops = (groups[order.id] ?? []).map { shopID, subtotal, discount, fee in
                OrderShopGroup(
                    shopID: shopID, lines: orderLines.filter { $0.shopID == shopID },
                    subtotal: subtotal, discount: discount, shippingFee: fee)
            }
            return order
        }
    }

    /// Takes a purchase's units from its kind's stock, or refuses the whole order.
    static func takeStock(_ purchase: Purchase, _ c: PostgresConnection) throws {
        let quantity = purchase.line.quantity
        let left = try c.queryFirst(
            "UPDATE kinds SET stock = stock - $1 WHERE id = $2 AND stock >= $1 RETURNING stock",
            quantity, purchase.kind.id) { $0.int(0) }
        guard left != nil else {
            let stock = try c.queryFirst("SELECT stock FROM kinds WHERE id = $1", purchase.kind.id) { $0.int(0) } ?? 0
            throw CommerceRules.shortage(purchase.line, left: stock)
        }
        try c.execute("UPDATE goods SET sales_count = sales_count + $1 WHERE id = $2", quantity, purchase.line.goodsID)
    }

    /// Writes an order with its shop groups and lines; returns its id.
    static func insert(_ order: Order, idempotencyKey: String, _ c: PostgresConnection) throws -> Int64 {
        let id = try c.queryFirst(
            """
            INSERT INTO orders (user_id, idempotency_key, status, note, address_name, address_phone,
                address_region, address_detail, quantity, subtotal_cents, discount_cents,
                shipping_fee_cents, total_cents, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id
            """, order.userID, idempotencyKey, order.status.rawValue, order.note, order.address.name,
            order.address.phone, order.address.region, order.address.detail, order.quantity,
            order.subtotal, order.discount, order.shippingFee, order.total, order.createdAt.milliseconds
        ) { $0.int64(0) }!
        var linePosition = 0
        for (position, group) in order.shops.enumerated() {
            try c.execute(
                """
                INSERT INTO order_shops (order_id, position, shop_id, subtotal_cents, discount_cents,
                    shipping_fee_cents) VALUES ($1, $2, $3, $4, $5, $6)
                """, id, position, group.shopID, group.subtotal, group.discount, group.shippingFee)
            for line in group.lines {
                try c.execute(
                    """
                    INSERT INTO order_lines (order_id, position, shop_id, goods_id, kind_id, goods_name,
                        kind_name, unit_price_cents, original_price_cents, quantity)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                    """, id, linePosition, line.shopID, line.goodsID, line.kindID, line.goodsName,
                    line.kindName, line.unitPrice, line.originalPrice, line.quantity)
                linePosition += 1
            }
        }
        return id
    }

    /// The orders of a user, optionally only those with lines of `shopID`: the filter
    /// and its two parameters.
    private static func filter(userID: Int64, shopID: Int64?) -> (String, [PostgresValue]) {
        ("""
        user_id = $1 AND ($2::bigint IS NULL OR EXISTS (
            SELECT 1 FROM order_shops s WHERE s.order_id = o.id AND s.shop_id = $2))
        """, [.integer(userID), shopID.map { .integer($0) } ?? .null])
    }
}

extension PostgresOrders: OrderStore {
    func orders(ids: [Int64], userID: Int64) throws -> [Int64: Order] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.orders(ids: ids, c).filter { $0.value.userID == userID } }
    }

    func order(id: Int64, userID: Int64) throws -> Order? { try orders(ids: [id], userID: userID)[id] }

    func orders(userID: Int64, shopID: Int64?, page: PageRequest) throws -> Page<Order> {
        let (filter, arguments) = Self.filter(userID: userID, shopID: shopID)
        return try database.read { c in
            let page = try c.page(
                """
                SELECT created_at, \(OrderRepository.columns) FROM orders o
                WHERE \(filter) AND (created_at, id) < ($3, $4)
                ORDER BY created_at DESC, id DESC LIMIT $5
                """, arguments: arguments + newestFirstBounds(page), request: page
            ) { OrderRepository.order($0, at: 1) }
            let filled = Dictionary(uniqueKeysWithValues: try Self.withShops(page.nodes, c).map { ($0.id, $0) })
            return page.map { filled[$0.id] ?? $0 }
        }
    }

    func ordersCount(userID: Int64, shopID: Int64?) throws -> Int {
        let (filter, arguments) = Self.filter(userID: userID, shopID: shopID)
        return try database.read { c in
            try c.queryFirst("SELECT count(*) FROM orders o WHERE \(filter)", arguments: arguments) { $0.int(0) } ?? 0
        }
    }

    func placeOrder(
        userID: Int64, addressID: Int64, idempotencyKey: String, note: String?, source: OrderSource
    ) throws -> Order {
        let key = try Validation.idempotencyKey(idempotencyKey)
        return try database.write { c in
            try PostgresAddresses.lockUser(userID, c)
            if let existing = try c.queryFirst(
                "SELECT id FROM orders WHERE user_id = $1 AND idempotency_key = $2", userID, key, row: { $0.int64(0) })
            {
                return try Self.orders(ids: [existing], c)[existing]!
            }
            guard let address = try PostgresAddresses.address(id: addressID, userID: userID, c) else {
                throw DomainError.notFound("No address of yours has this ID.")
            }
            let purchases = try Self.purchases(userID: userID, source: source, c)
            guard !purchases.isEmpty else { throw DomainError.badInput("Nothing is selected in your cart to order.") }
            for purchase in purchases.sorted(by: { $0.kind.id < $1.kind.id }) {
                try Self.takeStock(purchase, c)
            }
            let lines = purchases.map(\.line)
            let shops = try PostgresMarket.shops(ids: lines.map(\.shopID), c)
            let order = Order(
                id: 0, userID: userID, status: .pendingPayment, shops: Pricing.groups(lines, shops: shops),
                address: address.snapshot, note: note.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 },
                createdAt: clock())
            let id = try Self.insert(order, idempotencyKey: key, c)
            let bought = purchases.compactMap(\.cartItemID)
            if !bought.isEmpty {
                try c.execute(
                    "DELETE FROM cart_items WHERE user_id = $1 AND id = ANY($2::bigint[])",
                    arguments: [.integer(userID), .integers(bought)])
                try PostgresEvents.append(topic: EventLog.cartTopic(userID: userID), c)
            }
            return try Self.orders(ids: [id], c)[id]!
        }
    }

    func preview(userID: Int64, addressID: Int64?, source: OrderSource) throws -> OrderPreview {
        try database.read { c in
            let address: Address?
            if let addressID {
                guard let found = try PostgresAddresses.address(id: addressID, userID: userID, c) else {
                    throw DomainError.notFound("No address of yours has this ID.")
                }
                address = found
            } else {
                address = try PostgresAddresses.defaultAddress(userID: userID, c)
            }
            let lines = try Self.purchases(userID: userID, source: source, c).map(\.line)
            let shops = try PostgresMarket.shops(ids: lines.map(\.shopID), c)
            return OrderPreview(address: address, shops: Pricing.groups(lines, shops: shops))
        }
    }
}
