import Foundation

/// The market on PostgreSQL: shops, goods with images, attributes and kinds, and reviews
/// (`MarketStore`). Rows are read with `MarketRepository`'s column lists and readers: the
/// tables have the same columns on both stores.
struct PostgresMarket: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static func shops(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Shop] {
        let rows = try c.query(
            "SELECT \(MarketRepository.shopColumns) FROM shops WHERE id = ANY($1::bigint[])",
            arguments: [.integers(distinct(ids))], row: { MarketRepository.shop($0) })
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    static func goods(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Goods] {
        let rows = try c.query(
            "SELECT \(MarketRepository.goodsColumns) FROM goods WHERE id = ANY($1::bigint[])",
            arguments: [.integers(distinct(ids))], row: { MarketRepository.goods($0) })
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    static func kinds(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Kind] {
        let rows = try c.query(
            "SELECT \(MarketRepository.kindColumns) FROM kinds WHERE id = ANY($1::bigint[])",
            arguments: [.integers(distinct(ids))], row: { MarketRepository.kind($0) })
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// Rows of `table` belonging to many owners (`owner_id` first), grouped by owner in
    /// `position` order.
    static func children<Child>(
        of ids: [Int64], _ sql: String, _ c: PostgresConnection,
        row: (PostgresRow) throws -> (Int64, Child)
    ) throws -> [Int64: [Child]] {
        grouped(try c.query(sql, arguments: [.integers(distinct(ids))], row: row))
    }

    /// The photos of many reviews, by review.
    static func reviewPhotos(_ ids: [Int64], _ c: PostgresConnection) throws -> [Int64: [Photo]] {
        guard !ids.isEmpty else { return [:] }
        return try children(
            of: ids,
            """
            SELECT review_id, url, width, height FROM review_photos
            WHERE review_id = ANY($1::bigint[]) ORDER BY review_id, position
            """, c) { ownedPhoto($0) }
    }
}

extension PostgresMarket: MarketStore {
    func createShop(
        name: String, logoURL: String?, announcement: String?, shippingFee: Int, freeShippingThreshold: Int?
    ) throws -> Shop {
        try database.write { c in
            let id = try c.queryFirst(
                """
                INSERT INTO shops (name, logo_url, announcement, shipping_fee_cents,
                    free_shipping_threshold_cents) VALUES ($1, $2, $3, $4, $5) RETURNING id
                """, name, logoURL, announcement, shippingFee, freeShippingThreshold) { $0.int64(0) }!
            return try Self.shops(ids: [id], c)[id]!
        }
    }

    func createGoods(
        shopID: Int64, name: String, foreword: String?, description: String?, soup: String?,
        listed: Bool, images: [Photo], attributes: [GoodsAttribute], kinds: [NewKind], salesCount: Int
    ) throws -> Goods {
        guard !kinds.isEmpty else { throw DomainError.badInput("A goods needs at least one kind.") }
        try Bounds.check(images.count, atMost: Bounds.goodsImages, "images", of: "A goods")
        try Bounds.check(kinds.count, atMost: Bounds.goodsKinds, "kinds", of: "A goods")
        try Bounds.check(attributes.count, atMost: Bounds.goodsAttributes, "attributes", of: "A goods")
        return try database.write { c in
            let id = try c.queryFirst(
                """
                INSERT INTO goods (shop_id, name, foreword, description, soup, listed, sales_count, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
                """, shopID, name, foreword, description, soup, listed, salesCount, clock().milliseconds
            ) { $0.int64(0) }!
            for (position, image) in images.enumerated() {
                try c.execute(
                    "INSERT INTO goods_images (goods_id, position, url, width, height) VALUES ($1, $2, $3, $4, $5)",
                    id, position, image.url, image.width, image.height)
            }
            for (position, attribute) in attributes.enumerated() {
                try c.execute(
                    "INSERT INTO goods_attributes (goods_id, position, name, value) VALUES ($1, $2, $3, $4)",
                    id, position, attribute.name, attribute.value)
            }
            for (position, kind) in kinds.enumerated() {
                try c.execute(
                    """
                    INSERT INTO kinds (goods_id, position, name, price_cents, original_price_cents,
                        member_price_cents, stock) VALUES ($1, $2, $3, $4, $5, $6, $7)
                    """, id, position, kind.name, kind.price, kind.originalPrice, kind.memberPrice, kind.stock)
            }
            return try Self.goods(ids: [id], c)[id]!
        }
    }

    func setStock(kindID: Int64, stock: Int) throws {
        guard stock >= 0 else { throw DomainError.badInput("Stock cannot be negative.") }
        try database.write { c in try c.execute("UPDATE kinds SET stock = $1 WHERE id = $2", stock, kindID) }
    }

    func reviews(goodsID: Int64, withPhotosOnly: Bool, page: PageRequest) throws -> Page<Review> {
        try reviewPages(goodsIDs: [goodsID], withPhotosOnly: withPhotosOnly, page: page)[goodsID]
            ?? Page(fetched: [], request: page)
    }

    func reviewStats(goodsIDs: [Int64]) throws -> [Int64: ReviewStats] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            var result = Dictionary(uniqueKeysWithValues: distinct(goodsIDs).map { ($0, ReviewStats.none) })
            for (id, stats) in try c.query(
                """
                SELECT goods_id, count(*), count(*) FILTER (WHERE has_photos), avg(rating)::float8
                FROM reviews WHERE goods_id = ANY($1::bigint[]) GROUP BY goods_id
                """, arguments: [.integers(distinct(goodsIDs))], row: { row in
                    (row.int64(0), ReviewStats(
                        reviewsCount: row.int(1), photoReviewsCount: row.int(2),
                        averageRating: row.optionalDouble(3)))
                })
            {
                result[id] = stats
            }
            return result
        }
    }

    func addReview(
        goodsID: Int64, authorID: Int64, rating: Int, text: String, photos: [Photo], kindName: String?
    ) throws -> Review {
        guard (1...5).contains(rating) else { throw DomainError.badInput("A rating is 1 to 5; it was \(rating).") }
        try Bounds.check(photos.count, atMost: Bounds.reviewPhotos, "photos", of: "A review")
        let now = clock()
        return try database.write { c in
            guard try c.exists("SELECT 1 FROM goods WHERE id = $1", goodsID) else {
                throw DomainError.notFound("No goods has this ID.")
            }
            let id = try c.queryFirst(
                """
                INSERT INTO reviews (goods_id, author_id, kind_name, rating, text, has_photos, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                """, goodsID, authorID, kindName, rating, text, !photos.isEmpty, now.milliseconds
            ) { $0.int64(0) }!
            for (position, photo) in photos.enumerated() {
                try c.execute(
                    "INSERT INTO review_photos (review_id, position, url, width, height) VALUES ($1, $2, $3, $4, $5)",
                    id, position, photo.url, photo.width, photo.height)
            }
            return Review(
                id: id, goodsID: goodsID, authorID: authorID, rating: rating, text: text, photos: photos,
                kindName: kindName, createdAt: now)
        }
    }

    func shops(ids: [Int64]) throws -> [Int64: Shop] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.shops(ids: ids, c) }
    }

    func goods(ids: [Int64]) throws -> [Int64: Goods] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.goods(ids: ids, c) }
    }

    func images(goodsIDs: [Int64]) throws -> [Int64: [Photo]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try Self.children(
                of: goodsIDs,
                """
                SELECT goods_id, url, width, height FROM goods_images
                WHERE goods_id = ANY($1::bigint[]) ORDER BY goods_id, position
                """, c) { ownedPhoto($0) }
        }
    }

    func attributes(goodsIDs: [Int64]) throws -> [Int64: [GoodsAttribute]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try Self.children(
                of: goodsIDs,
                """
                SELECT goods_id, name, value FROM goods_attributes
                WHERE goods_id = ANY($1::bigint[]) ORDER BY goods_id, position
                """, c) { ($0.int64(0), GoodsAttribute(name: $0.string(1), value: $0.string(2))) }
        }
    }

    func kinds(goodsIDs: [Int64]) throws -> [Int64: [Kind]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try Self.children(
                of: goodsIDs,
                """
                SELECT \(MarketRepository.kindColumns) FROM kinds
                WHERE goods_id = ANY($1::bigint[]) ORDER BY goods_id, position
                """, c) { let kind = MarketRepository.kind($0); return (kind.goodsID, kind) }
        }
    }

    func kinds(ids: [Int64]) throws -> [Int64: Kind] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.kinds(ids: ids, c) }
    }

    /// A page of goods matching `filter` (whose parameters come before the bounds), newest first.
    private func goods(where filter: String, _ arguments: [PostgresValue], page: PageRequest) throws -> Page<Goods> {
        let first = arguments.count + 1
        return try database.read { c in
            try c.page(
                """
                SELECT created_at, \(MarketRepository.goodsColumns) FROM goods
                WHERE \(filter) AND (created_at, id) < ($\(first), $\(first + 1))
                ORDER BY created_at DESC, id DESC LIMIT $\(first + 2)
                """, arguments: arguments + newestFirstBounds(page), request: page
            ) { MarketRepository.goods($0, at: 1) }
        }
    }

    func market(page: PageRequest) throws -> Page<Goods> { try goods(where: "listed", [], page: page) }

    func marketCount() throws -> Int {
        try database.read { c in try c.queryFirst("SELECT count(*) FROM goods WHERE listed") { $0.int(0) } ?? 0 }
    }

    func goods(shopID: Int64, page: PageRequest) throws -> Page<Goods> {
        try goods(where: "shop_id = $1", [.integer(shopID)], page: page)
    }

    func goodsPages(shopIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Goods>] {
        try database.read { c in
            try c.pages(
                table: "goods", parentColumn: "shop_id", columns: MarketRepository.goodsColumns,
                parentIDs: shopIDs, request: page) { MarketRepository.goods($0, at: 2) }
        }
    }

    func reviewPages(goodsIDs: [Int64], withPhotosOnly: Bool, page: PageRequest) throws -> [Int64: Page<Review>] {
        try database.read { c in
            let pages = try c.pages(
                table: withPhotosOnly ? "(SELECT * FROM reviews WHERE has_photos) AS r" : "reviews",
                parentColumn: "goods_id", columns: MarketRepository.reviewColumns,
                parentIDs: goodsIDs, request: page) { MarketRepository.review($0, at: 2) }
            let photos = try Self.reviewPhotos(pages.values.flatMap { $0.nodes.map(\.id) }, c)
            return pages.mapValues { page in
                page.map { review in
                    var review = review
                    review.photos = photos[review.id] ?? []
                    return review
                }
            }
        }
    }

    func goodsCounts(shopIDs: [Int64]) throws -> [Int64: Int] {
        guard !shopIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts("SELECT shop_id, count(*) FROM goods WHERE shop_id = ANY($1::bigint[]) GROUP BY 1", ids: shopIDs)
        }
    }

    func reviews(ids: [Int64]) throws -> [Int64: Review] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.query(
                "SELECT \(MarketRepository.reviewColumns) FROM reviews WHERE id = ANY($1::bigint[])",
                arguments: [.integers(distinct(ids))]) { MarketRepository.review($0, at: 0) }
            let photos = try Self.reviewPhotos(rows.map(\.id), c)
            return Dictionary(uniqueKeysWithValues: rows.map { review in
                var review = review
                review.photos = photos[review.id] ?? []
                return (review.id, review)
            })
        }
    }
}
