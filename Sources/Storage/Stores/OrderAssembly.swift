/// The store-neutral halves of buying and of reading orders back: what each store's
/// `OrderStore` computes the same way from the rows its own SQL returned.
enum OrderAssembly {
    /// A line about to be bought: the cart line it comes from (none for "buy now"), its
    /// kind as it is now, and the line priced for the buyer.
    struct Purchase {
        var cartItemID: Int64?
        var kind: Kind
        var line: OrderLine
    }

    /// What a buyer asks for: a cart line's kind and quantity, or a "buy now" one.
    typealias Wanted = (cartItemID: Int64?, kindID: Int64, quantity: Int)

    /// A "buy now" quantity must be at least 1.
    static func checkBuyNow(quantity: Int) throws(DomainError) {
        guard quantity >= 1 else { throw .badInput("The quantity must be at least 1; it was \(quantity).") }
    }

    /// Prices what the buyer wants from the kinds and goods as they are now (member prices
    /// for members); a kind or goods gone meanwhile refuses the whole order.
    static func purchases(
        _ wanted: [Wanted], kinds: [Int64: Kind], goods: [Int64: Goods], isMember: Bool
    ) throws(DomainError) -> [Purchase] {
        var purchases: [Purchase] = []
        for want in wanted {
            guard let kind = kinds[want.kindID], let item = goods[kind.goodsID] else {
                throw .notFound("A goods in your order no longer exists.")
            }
            let line = OrderLine(
                shopID: item.shopID, goodsID: item.id, kindID: kind.id, goodsName: item.name,
                kindName: kind.name, unitPrice: kind.unitPrice(isMember: isMember),
                originalPrice: kind.originalPrice, quantity: want.quantity)
            purchases.append(Purchase(cartItemID: want.cartItemID, kind: kind, line: line))
        }
        return purchases
    }

    /// The columns `orderLine(_:)` reads, after the order's id: a stored line of an order.
    static let lineColumns = """
        order_id, shop_id, goods_id, kind_id, goods_name, kind_name, unit_price_cents,
            original_price_cents, quantity
        """
    /// The columns `shopGroup(_:)` reads, after the order's id: a stored shop group.
    static let shopColumns = "order_id, shop_id, subtotal_cents, discount_cents, shipping_fee_cents"

    /// A row of `lineColumns`: the order's id and the line.
    static func orderLine<R: ColumnReader>(_ row: R) -> (Int64, OrderLine) {
        (row.int64(0), OrderLine(
            shopID: row.int64(1), goodsID: row.int64(2), kindID: row.optionalInt64(3),
            goodsName: row.string(4), kindName: row.string(5), unitPrice: row.int(6),
            originalPrice: row.optionalInt(7), quantity: row.int(8)))
    }

    /// A stored shop group's totals (the lines come from `orderLine`).
    typealias ShopTotals = (shopID: Int64, subtotal: Int, discount: Int, shippingFee: Int)

    /// A row of `shopColumns`: the order's id and the group's totals.
    static func shopGroup<R: ColumnReader>(_ row: R) -> (Int64, ShopTotals) {
        (row.int64(0), (row.int64(1), row.int(2), row.int(3), row.int(4)))
    }

    /// The orders with their shop groups filled in from the stored lines and totals, each
    /// by order id in stored order.
    static func withShops(
        _ orders: [Order], lines: [Int64: [OrderLine]], groups: [Int64: [ShopTotals]]
    ) -> [Order] {
        orders.map { order in
            var order = order
            let orderLines = lines[order.id] ?? []
            order.shops = (groups[order.id] ?? []).map { group in
                OrderShopGroup(
                    shopID: group.shopID, lines: orderLines.filter { $0.shopID == group.shopID },
                    subtotal: group.subtotal, discount: group.discount, shippingFee: group.shippingFee)
            }
            return order
        }
    }
}
