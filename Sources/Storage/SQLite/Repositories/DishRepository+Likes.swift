import Foundation

extension DishRepository {
    /// Likes a dish; liking twice changes nothing. Returns the dish.
    public func like(dishID: Int64, userID: Int64) throws -> Dish {
        try database.write { c in
            guard let dish = try Self.dishes(ids: [dishID], c)[dishID] else {
                throw DomainError.notFound("No dish has this ID.")
            }
            try c.execute(
                """
                INSERT INTO dish_likes (dish_id, user_id, created_at) VALUES (?, ?, ?)
                ON CONFLICT (dish_id, user_id) DO NOTHING
                """, dishID, userID, clock().milliseconds)
            return dish
        }
    }

    /// Takes back a like; idempotent. Returns the dish.
    public func unlike(dishID: Int64, userID: Int64) throws -> Dish {
        try database.write { c in
            guard let dish = try Self.dishes(ids: [dishID], c)[dishID] else {
                throw DomainError.notFound("No dish has this ID.")
            }
            try c.execute("DELETE FROM dish_likes WHERE dish_id = ? AND user_id = ?", dishID, userID)
            return dish
        }
    }

    /// Like counts of many dishes in one statement, read from the count each dish keeps
    /// (one row per dish, however many likes it has).
    public func likesCounts(dishIDs: [Int64]) throws -> [Int64: Int] {
        guard !dishIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts(
                "SELECT id, likes_count FROM dishes WHERE id IN (%@) AND likes_count > 0",
                ids: dishIDs, keyedBy: ("dishes", "id"))
        }
    }

    /// Which of `dishIDs` the user likes.
    public func viewerHasLiked(dishIDs: [Int64], userID: Int64) throws -> Set<Int64> {
        guard !dishIDs.isEmpty else { return [] }
        return try database.read(rowsOf: [("dish_likes", "user_id")], userID) { c in
            let list = SQLList(distinct(dishIDs))
            return Set(
                try c.query(
                    """
                    SELECT dish_id FROM dish_likes
                    WHERE user_id = ? AND dish_id IN (\(list.placeholders))
                    """, arguments: [userID] + list.arguments
                ) { $0.int64(0) })
        }
    }

    /// The following feed: dishes and recipes by the users `viewerID` follows, newest first.
    ///
    /// Both tables share one order: (created_at, tie) descending, where the tie is
    /// `id * 2` for a dish and `id * 2 + 1` for a recipe, so a cursor names one row of either.
    public func feed(viewerID: Int64, page: PageRequest) throws -> Page<FeedEntry> {
        try database.read(rowsOf: [("follows", "follower_id")], viewerID) { c in
            try c.page(
                """
                SELECT created_at, tie, kind, id FROM (
                    SELECT d.created_at, d.id * 2 AS tie, 0 AS kind, d.id
                    FROM follows f JOIN dishes d ON d.author_id = f.followee_id
                    WHERE f.follower_id = ?1
                    UNION ALL
                    SELECT r.created_at, r.id * 2 + 1, 1, r.id
                    FROM follows f JOIN recipes r ON r.author_id = f.followee_id
                    WHERE f.follower_id = ?1
                ) WHERE (created_at, tie) < (?2, ?3)
                ORDER BY created_at DESC, tie DESC LIMIT ?4
                """, arguments: [viewerID] + descendingBounds(page), request: page
            ) { $0.int(2) == 0 ? FeedEntry.dish($0.int64(3)) : .recipe($0.int64(3)) }
        }
    }

    /// How many entries the viewer's feed has.
    public func feedCount(viewerID: Int64) throws -> Int {
        try database.read(rowsOf: [("follows", "follower_id")], viewerID) { c in
            try c.queryFirst(
                """
                SELECT (SELECT count(*) FROM follows f JOIN dishes d ON d.author_id = f.followee_id
                        WHERE f.follower_id = ?1)
                     + (SELECT count(*) FROM follows f JOIN recipes r ON r.author_id = f.followee_id
                        WHERE f.follower_id = ?1)
                """, viewerID
            ) { $0.int(0) } ?? 0
        }
    }
}
