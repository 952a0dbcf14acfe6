import Foundation

extension MarketRepository {
    static let reviewColumns = "id, goods_id, author_id, rating, text, kind_name, created_at"

    static func review<R: ColumnReader>(_ row: R, at o: Int) -> Review {
        Review(
            id: row.int64(o), goodsID: row.int64(o + 1), authorID: row.int64(o + 2),
            rating: row.int(o + 3), text: row.string(o + 4), kindName: row.optionalString(o + 5),
            createdAt: Date(milliseconds: row.int64(o + 6)))
    }

    /// A goods' reviews, newest first; `withPhotosOnly` gives the 晒图 tab.
    public func reviews(goodsID: Int64, withPhotosOnly: Bool, page: PageRequest) throws
        -> Page<Review>
    {
        try database.read { c in
            let page = try c.page(
                """
                SELECT created_at, \(Self.reviewColumns) FROM reviews
                WHERE goods_id = ? \(withPhotosOnly ? "AND has_photos = 1" : "")
                AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [goodsID] + descendingBounds(page), request: page
            ) { Self.review($0, at: 1) }
            guard !page.edges.isEmpty else { return page }
            let list = SQLList(page.nodes.map(\.id))
            let photos = grouped(
                try c.query(
                    """
                    SELECT review_id, url, width, height FROM review_photos
                    WHERE review_id IN (\(list.placeholders)) ORDER BY review_id, position
                    """, arguments: list.arguments
                ) { ownedPhoto($0) })
            return page.map { review in
                var review = review
                review.photos = photos[review.id] ?? []
                return review
            }
        }
    }

    /// Review counts and average ratings of many goods, in one statement.
    public func reviewStats(goodsIDs: [Int64]) throws -> [Int64: ReviewStats] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            let list = SQLList(distinct(goodsIDs))
            var result = Dictionary(uniqueKeysWithValues: distinct(goodsIDs).map { ($0, ReviewStats.none) })
            try c.forEachRow(
                """
                SELECT goods_id, count(*), sum(has_photos), avg(rating) FROM reviews
                WHERE goods_id IN (\(list.placeholders)) GROUP BY goods_id
                """, arguments: list.arguments
            ) { row in
                result[row.int64(0)] = ReviewStats(
                    reviewsCount: row.int(1), photoReviewsCount: row.int(2),
                    averageRating: row.optionalDouble(3))
            }
            return result
        }
    }

    /// Adds a review (rating 1–5) with optional photos; returns it.
    public func addReview(
        goodsID: Int64, authorID: Int64, rating: Int, text: String, photos: [Photo] = [],
        kindName: String? = nil
    ) throws -> Review {
        guard (1...5).contains(rating) else {
            throw DomainError.badInput("A rating is 1 to 5; it was \(rating).")
        }
        return try database.write { c in
            guard try c.exists("SELECT 1 FROM goods WHERE id = ?", goodsID) else {
                throw DomainError.notFound("No goods has this ID.")
            }
            let id = try Self.insertReview(
                goodsID: goodsID, authorID: authorID, rating: rating, text: text, photos: photos,
                kindName: kindName, createdAt: clock(), c)
            return Review(
                id: id, goodsID: goodsID, authorID: authorID, rating: rating, text: text,
                photos: photos, kindName: kindName, createdAt: clock())
        }
    }

    static func insertReview(
        goodsID: Int64, authorID: Int64, rating: Int, text: String, photos: [Photo],
        kindName: String?, createdAt: Date, _ c: Connection
    ) throws -> Int64 {
        try Bounds.check(photos.count, atMost: Bounds.reviewPhotos, "photos", of: "A review")
        try c.execute(
            """
            INSERT INTO reviews (goods_id, author_id, kind_name, rating, text, has_photos, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, goodsID, authorID, kindName, rating, text, !photos.isEmpty, createdAt.milliseconds)
        let id = c.lastInsertRowID
        for (position, photo) in photos.enumerated() {
            try c.execute(
                "INSERT INTO review_photos (review_id, position, url, width, height) VALUES (?, ?, ?, ?, ?)",
                id, position, photo.url, photo.width, photo.height)
        }
        return id
    }
}
