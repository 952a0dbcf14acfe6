import Foundation

// Added for the App's commerce resolvers: the connections under a list of goods or shops
// (`Goods.reviews`, `Shop.goods`), one page per parent, fetched for every parent of a
// response level at once, so a list of goods with their reviews costs the same few
// statements as one goods does.

extension MarketRepository {
    /// One page of reviews for each goods, newest first, with their photos and the review
    /// counts: three statements whatever the number of goods. `withPhotosOnly` gives the
    /// 晒图 tab; the `after` cursor of the request applies to every goods.
    public func reviewPages(goodsIDs: [Int64], withPhotosOnly: Bool, page: PageRequest) throws
        -> [Int64: Page<Review>]
    {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            let list = SQLList(distinct(goodsIDs))
            let bounds = descendingBounds(page).map(\.sqlValue)
            let rows = try c.query(
                """
                SELECT \(Self.reviewColumns) FROM (
                    SELECT \(Self.reviewColumns), row_number() OVER (
                        PARTITION BY goods_id ORDER BY created_at DESC, id DESC) AS n
                    FROM reviews WHERE goods_id IN (\(list.placeholders))
                    \(withPhotosOnly ? "AND has_photos = 1" : "")
                    AND (created_at, id) < (?, ?))
                WHERE n <= ? ORDER BY goods_id, created_at DESC, id DESC
                """, arguments: list.arguments + bounds + [(page.first + 1).sqlValue]
            ) { Self.review($0, at: 0) }
            let ids = SQLList(rows.map(\.id))
            let photos = rows.isEmpty ? [:] : grouped(
                try c.query(
                    """
                    SELECT review_id, url, width, height FROM review_photos
                    WHERE review_id IN (\(ids.placeholders)) ORDER BY review_id, position
                    """, arguments: ids.arguments
                ) { ownedPhoto($0) })
            let byGoods = grouped(
                rows.map { review in
                    var review = review
                    review.photos = photos[review.id] ?? []
                    let cursor = Cursor(key: review.createdAt.milliseconds, id: review.id)
                    return (review.goodsID, (cursor: cursor, node: review))
                })
            return Dictionary(
                uniqueKeysWithValues: distinct(goodsIDs).map { id in
                    (id, Page(fetched: byGoods[id] ?? [], request: page))
                })
        }
    }

    /// One page of goods for each shop, newest first: one statement whatever the number
    /// of shops.
    public func goodsPages(shopIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Goods>] {
        guard !shopIDs.isEmpty else { return [:] }
        return try database.read { c in
            let list = SQLList(distinct(shopIDs))
            let bounds = descendingBounds(page).map(\.sqlValue)
            let rows = try c.query(
                """
                SELECT \(Self.goodsColumns) FROM (
                    SELECT \(Self.goodsColumns), row_number() OVER (
                        PARTITION BY shop_id ORDER BY created_at DESC, id DESC) AS n
                    FROM goods WHERE shop_id IN (\(list.placeholders))
                    AND (created_at, id) < (?, ?))
                WHERE n <= ? ORDER BY shop_id, created_at DESC, id DESC
                """, arguments: list.arguments + bounds + [(page.first + 1).sqlValue]
            ) { Self.goods($0) }
            let byShop = grouped(
                rows.map { goods in
                    let cursor = Cursor(key: goods.createdAt.milliseconds, id: goods.id)
                    return (goods.shopID, (cursor: cursor, node: goods))
                })
            return Dictionary(
                uniqueKeysWithValues: distinct(shopIDs).map { id in
                    (id, Page(fetched: byShop[id] ?? [], request: page))
                })
        }
    }
}
