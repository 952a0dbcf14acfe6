import Foundation

extension OrderRepository {
    static let columns = """
        id, user_id, status, note, address_name, address_phone, address_region,
        address_detail, created_at
        """
    static let byID = ByIDQuery(from: "orders", columns: columns)

    static func order<R: ColumnReader>(_ row: R, at o: Int = 0) -> Order {
        Order(
            id: row.int64(o), userID: row.int64(o + 1),
            status: OrderStatus(rawValue: row.string(o + 2)) ?? .pendingPayment, shops: [],
            address: AddressSnapshot(
                name: row.string(o + 4), phone: row.string(o + 5), region: row.string(o + 6),
                detail: row.string(o + 7)),
            note: row.optionalString(o + 3), createdAt: Date(milliseconds: row.int64(o + 8)))
    }

    /// One of the user's orders, or `nil` (someone else's is `nil` too).
    public func order(id: Int64, userID: Int64) throws -> Order? {
        try database.read { c in
            guard let order = try Self.orders(ids: [id], c)[id], order.userID == userID else {
                return nil
            }
            return order
        }
    }

    /// Orders by id with their shop groups and lines: three statements.
    static func orders(ids: [Int64], _ c: Connection) throws -> [Int64: Order] {
        let rows = try c.rows(byID: ids, byID) { order($0) }
        return Dictionary(uniqueKeysWithValues: try withShops(rows, c).map { ($0.id, $0) })
    }

    /// Fills in the stored shop groups and lines of orders.
    static func withShops(_ orders: [Order], _ c: Connection) throws -> [Order] {
        guard !orders.isEmpty else { return [] }
        let list = SQLList(orders.map(\.id))
        let lines = grouped(
            try c.query(
                """
                SELECT order_id, shop_id, goods_id, kind_id, goods_name, kind_name,
                    unit_price_cents, original_price_cents, quantity
                FROM order_lines WHERE order_id IN (\(list.placeholders)) ORDER BY order_id, position
                """, arguments: list.arguments
            ) {
                (
                    $0.int64(0),
                    OrderLine(
                        shopID: $0.int64(1), goodsID: $0.int64(2), kindID: $0.optionalInt64(3),
                        goodsName: $0.string(4), kindName: $0.string(5), unitPrice: $0.int(6),
                        originalPrice: $0.optionalInt(7), quantity: $0.int(8))
                )
            })
        let groups = grouped(
            try c.query(
                """
                SELECT order_id, shop_id, subtotal_cents, discount_cents, shipping_fee_cents
                FROM order_shops WHERE order_id IN (\(list.placeholders)) ORDER BY order_id, position
                """, arguments: list.arguments
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

    /// The user's orders, newest first; `shopID` keeps those with lines from that shop.
    public func orders(userID: Int64, shopID: Int64? = nil, page: PageRequest) throws -> Page<Order> {
        try database.read(rowsOf: [("orders", "user_id")], userID) { c in
            let page = try c.page(
                """
                SELECT created_at, \(Self.columns) FROM orders o
                WHERE user_id = ? AND (?2 IS NULL OR EXISTS (
                    SELECT 1 FROM order_shops s WHERE s.order_id = o.id AND s.shop_id = ?2))
                AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [userID, shopID] + descendingBounds(page), request: page
            ) { Self.order($0, at: 1) }
            let filled = Dictionary(
                uniqueKeysWithValues: try Self.withShops(page.nodes, c).map { ($0.id, $0) })
            return page.map { filled[$0.id] ?? $0 }
        }
    }

    /// How many orders the user has (from one shop, when given).
    public func ordersCount(userID: Int64, shopID: Int64? = nil) throws -> Int {
        try database.read(rowsOf: [("orders", "user_id")], userID) { c in
            try c.queryFirst(
                """
                SELECT count(*) FROM orders o WHERE user_id = ?1 AND (?2 IS NULL OR EXISTS (
                    SELECT 1 FROM order_shops s WHERE s.order_id = o.id AND s.shop_id = ?2))
                """, userID, shopID
            ) { $0.int(0) } ?? 0
        }
    }
}
