import Foundation

/// A cart's lines with their goods, kind and shop in one statement, as both stores read
/// them: the statement (in each store's parameter style) and the row it returns.
enum CartLineRows {
    /// The statement for the lines of the user named by `userParameter` (`?` on SQLite,
    /// `$1` on PostgreSQL), with `ordering` after it (SQLite sorts in Swift: its index by
    /// goods would make `ORDER BY ci.id` a temporary b-tree on every read).
    static func query(userParameter: String, ordering: String = "") -> String {
        """
        SELECT ci.id, ci.goods_id, ci.kind_id, ci.quantity, ci.selected, ci.added_at, u.is_member,
            \(MarketRepository.columns(MarketRepository.goodsColumns, of: "g")),
            \(MarketRepository.columns(MarketRepository.kindColumns, of: "k")),
            \(MarketRepository.columns(MarketRepository.shopColumns, of: "s"))
        FROM cart_items ci
        JOIN kinds k ON k.id = ci.kind_id
        JOIN goods g ON g.id = ci.goods_id
        JOIN shops s ON s.id = g.shop_id
        JOIN users u ON u.id = ci.user_id
        WHERE ci.user_id = \(userParameter) \(ordering)
        """
    }

    /// Where the goods, kind and shop columns start in a row of `query`.
    static let goodsAt = 7
    static let kindAt = goodsAt + MarketRepository.goodsColumns.split(separator: ",").count
    static let shopAt = kindAt + MarketRepository.kindColumns.split(separator: ",").count

    /// A row of `query`: the line priced for the user (member prices for members).
    static func line<R: ColumnReader>(_ row: R, userID: Int64) -> CartLine {
        let kind = MarketRepository.kind(row, at: kindAt)
        return CartLine(
            item: item(row, userID: userID), goods: MarketRepository.goods(row, at: goodsAt), kind: kind,
            shop: MarketRepository.shop(row, at: shopAt), unitPrice: kind.unitPrice(isMember: row.bool(6)))
    }

    /// The line alone, in a row's first six columns (id, goods, kind, quantity, selected,
    /// added at).
    static func item<R: ColumnReader>(_ row: R, userID: Int64) -> CartItem {
        CartItem(
            id: row.int64(0), userID: userID, goodsID: row.int64(1), kindID: row.int64(2),
            quantity: row.int(3), selected: row.bool(4), addedAt: Date(milliseconds: row.int64(5)))
    }
}
