import Foundation

/// The cart on PostgreSQL (`CartStore`). Every change locks the user's row first, so two
/// clients changing one cart at once — on one instance or two — apply their changes one
/// after the other: none is lost, and the stock check of an addition sees the line as the
/// other left it. A refused change rolls back whole.
struct PostgresCart: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    /// Each line with its goods, kind and shop, and whether the user is a member.
    private static let cartLines = """
        SELECT ci.id, ci.goods_id, ci.kind_id, ci.quantity, ci.selected, ci.added_at, u.is_member,
            \(MarketRepository.columns(MarketRepository.goodsColumns, of: "g")),
            \(MarketRepository.columns(MarketRepository.kindColumns, of: "k")),
            \(MarketRepository.columns(MarketRepository.shopColumns, of: "s"))
        FROM cart_items ci
        JOIN kinds k ON k.id = ci.kind_id
        JOIN goods g ON g.id = ci.goods_id
        JOIN shops s ON s.id = g.shop_id
        JOIN users u ON u.id = ci.user_id
        WHERE ci.user_id = $1 ORDER BY ci.id
        """
    private static let goodsAt = 7
    private static let kindAt = goodsAt + MarketRepository.goodsColumns.split(separator: ",").count
    private static let shopAt = kindAt + MarketRepository.kindColumns.split(separator: ",").count

    static func cart(userID: Int64, _ c: PostgresConnection) throws -> Cart {
        Cart(lines: try c.query(cartLines, userID) { row in
            let kind = MarketRepository.kind(row, at: kindAt)
            return CartLine(
                item: CartItem(
                    id: row.int64(0), userID: userID, goodsID: row.int64(1), kindID: row.int64(2),
                    quantity: row.int(3), selected: row.bool(4), addedAt: Date(milliseconds: row.int64(5))),
                goods: MarketRepository.goods(row, at: goodsAt), kind: kind,
                shop: MarketRepository.shop(row, at: shopAt), unitPrice: kind.unitPrice(isMember: row.bool(6)))
        })
    }

    static func resolveKind(goodsID: Int64, kindID: Int64?, _ c: PostgresConnection) throws -> Kind {
        let kinds = try c.query(
            "SELECT \(MarketRepository.kindColumns) FROM kinds WHERE goods_id = $1 ORDER BY position",
            goodsID, row: { MarketRepository.kind($0) })
        return try CommerceRules.resolveKind(kindID, among: kinds)
    }

    /// Runs a cart change with the user's row locked, announces it, and returns the cart.
    /// A change `adding` to the cart checks the bounds a cart may grow to
    /// (`CartRepository.checkBounds`).
    private func change(
        userID: Int64, adding: Bool = false, _ body: (PostgresConnection) throws -> Void
    ) throws -> Cart {
        try database.write { c in
            try PostgresAddresses.lockUser(userID, c)
            try body(c)
            try PostgresEvents.append(topic: EventLog.cartTopic(userID: userID), c)
            let cart = try Self.cart(userID: userID, c)
            if adding { try CartRepository.checkBounds(cart) }
            return cart
        }
    }
}

extension PostgresCart: CartStore {
    func cart(userID: Int64) throws -> Cart {
        try database.read { c in try Self.cart(userID: userID, c) }
    }

    func cartQuantities(goodsIDs: [Int64], userID: Int64) throws -> [Int64: Int] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts(
                """
                SELECT goods_id, sum(quantity) FROM cart_items
                WHERE goods_id = ANY($1::bigint[]) AND user_id = $2 GROUP BY 1
                """, ids: goodsIDs, extra: [.integer(userID)])
        }
    }

    func addToCart(userID: Int64, goodsID: Int64, kindID: Int64?, quantity: Int) throws -> Cart {
        guard quantity >= 1 else { throw DomainError.badInput("The quantity to add must be at least 1; it was \(quantity).") }
        return try change(userID: userID, adding: true) { c in
            let kind = try Self.resolveKind(goodsID: goodsID, kindID: kindID, c)
            let existing = try c.queryFirst(
                "SELECT quantity FROM cart_items WHERE user_id = $1 AND kind_id = $2", userID, kind.id
            ) { $0.int(0) } ?? 0
            let (total, overflow) = existing.addingReportingOverflow(quantity)
            guard !overflow, total <= kind.stock else {
                throw DomainError.insufficientStock(
                    available: kind.stock, message: CommerceRules.stockMessage(kind: kind, inCart: existing))
            }
            try c.execute(
                """
                INSERT INTO cart_items (user_id, goods_id, kind_id, quantity, selected, added_at)
                VALUES ($1, $2, $3, $4, TRUE, $5)
                ON CONFLICT (user_id, kind_id) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity
                """, userID, goodsID, kind.id, quantity, clock().milliseconds)
        }
    }

    func setItemQuantity(userID: Int64, itemID: Int64, quantity: Int) throws -> Cart {
        try change(userID: userID) { c in
            guard let stock = try c.queryFirst(
                """
                SELECT k.stock FROM cart_items ci JOIN kinds k ON k.id = ci.kind_id
                WHERE ci.id = $1 AND ci.user_id = $2
                """, itemID, userID, row: { $0.int(0) })
            else { throw DomainError.notFound("No line of your cart has this ID.") }
            try CommerceRules.checkQuantity(quantity, stock: stock)
            if quantity == 0 {
                try c.execute("DELETE FROM cart_items WHERE id = $1", itemID)
            } else {
                try c.execute("UPDATE cart_items SET quantity = $1 WHERE id = $2", quantity, itemID)
            }
        }
    }

    func setItemSelected(userID: Int64, itemID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute("UPDATE cart_items SET selected = $1 WHERE id = $2 AND user_id = $3", selected, itemID, userID)
            guard c.changes == 1 else { throw DomainError.notFound("No line of your cart has this ID.") }
        }
    }

    func setShopSelected(userID: Int64, shopID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            guard try c.exists("SELECT 1 FROM shops WHERE id = $1", shopID) else {
                throw DomainError.notFound("No shop has this ID.")
            }
            try c.execute(
                """
                UPDATE cart_items SET selected = $1
                WHERE user_id = $2 AND goods_id IN (SELECT id FROM goods WHERE shop_id = $3)
                """, selected, userID, shopID)
        }
    }

    func setAllSelected(userID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute("UPDATE cart_items SET selected = $1 WHERE user_id = $2", selected, userID)
        }
    }

    func removeItems(userID: Int64, itemIDs: [Int64]) throws -> Cart {
        try change(userID: userID) { c in
            let ids = distinct(itemIDs)
            guard !ids.isEmpty else { return }
            try c.execute(
                "DELETE FROM cart_items WHERE user_id = $1 AND id = ANY($2::bigint[])",
                arguments: [.integer(userID), .integers(ids)])
            guard c.changes == ids.count else { throw DomainError.notFound("Not every ID names a line of your cart.") }
        }
    }

    func removeSelected(userID: Int64) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute("DELETE FROM cart_items WHERE user_id = $1 AND selected", userID)
        }
    }

    func cartLines(ids: [Int64], userID: Int64) throws -> [Int64: CartLine] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        return Dictionary(
            uniqueKeysWithValues: try cart(userID: userID).lines.filter { wanted.contains($0.id) }.map { ($0.id, $0) })
    }
}
