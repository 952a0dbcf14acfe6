import Foundation

// Batch lookups by id for the personal objects that `node(id:)` and `nodes(ids:)` can name.
// Each takes the viewer and returns only the viewer's own objects, so another user's object
// is simply absent — indistinguishable from a missing one.

extension DraftRepository {
    /// The author's drafts among `ids`, with steps and ingredients: three statements.
    public func drafts(ids: [Int64], authorID: Int64) throws -> [Int64: Draft] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let list = SQLList(distinct(ids))
            let rows = try c.query(
                "SELECT \(Self.columns) FROM drafts WHERE author_id = ? AND id IN (\(list.placeholders))",
                arguments: [authorID] + list.arguments, row: { Self.draft($0) })
            let parts = try Self.parts(draftIDs: rows.map(\.id), c)
            return Dictionary(
                uniqueKeysWithValues: rows.map { draft in
                    var draft = draft
                    draft.steps = parts.steps[draft.id] ?? []
                    draft.ingredients = parts.ingredients[draft.id] ?? []
                    return (draft.id, draft)
                })
        }
    }
}

extension CartRepository {
    /// The user's cart lines among `ids`, priced for the user.
    public func cartLines(ids: [Int64], userID: Int64) throws -> [Int64: CartLine] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        return Dictionary(
            uniqueKeysWithValues: try cart(userID: userID).lines.filter { wanted.contains($0.id) }
                .map { ($0.id, $0) })
    }
}

extension AddressRepository {
    /// The user's addresses among `ids`.
    public func addresses(ids: [Int64], userID: Int64) throws -> [Int64: Address] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        return Dictionary(
            uniqueKeysWithValues: try addresses(userID: userID).filter { wanted.contains($0.id) }
                .map { ($0.id, $0) })
    }
}

extension OrderRepository {
    /// The user's orders among `ids`, with shop groups and lines: three statements.
    public func orders(ids: [Int64], userID: Int64) throws -> [Int64: Order] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.orders(ids: ids, c).filter { $0.value.userID == userID } }
    }
}

extension MarketRepository {
    /// Reviews by id, with their photos: two statements.
    public func reviews(ids: [Int64]) throws -> [Int64: Review] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let list = SQLList(distinct(ids))
            let rows = try c.query(
                "SELECT \(Self.reviewColumns) FROM reviews WHERE id IN (\(list.placeholders))",
                arguments: list.arguments, row: { Self.review($0, at: 0) })
            let photos = grouped(
                try c.query(
                    """
                    SELECT review_id, url, width, height FROM review_photos
                    WHERE review_id IN (\(list.placeholders)) ORDER BY review_id, position
                    """, arguments: list.arguments
                ) { ownedPhoto($0) })
            return Dictionary(
                uniqueKeysWithValues: rows.map { review in
                    var review = review
                    review.photos = photos[review.id] ?? []
                    return (review.id, review)
                })
        }
    }
}
