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

    static let likesQuery = IDJoinQuery(
        "SELECT id, likes_count FROM %@ AS wanted CROSS JOIN dishes ON id = wanted.wanted_id WHERE likes_count > 0")

    /// Like counts of many dishes in one statement, read from the count each dish keeps
    /// (one row per dish, however many likes it has).
    public func likesCounts(dishIDs: [Int64]) throws -> [Int64: Int] {
        guard !dishIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts(Self.likesQuery, ids: dishIDs, keyedBy: ("dishes", "id"))
        }
    }

    /// Which of `dishIDs` the user likes.
    public func viewerHasLiked(dishIDs: [Int64], userID: Int64) throws -> Set<Int64> {
        guard !dishIDs.isEmpty else { return [] }
        return try database.read(rowsOf: [("dish_likes", "user_id")], userID) { c in
            let wanted = SQLIDTable(distinct(dishIDs))
            return Set(
                try c.query(
                    """
                    SELECT dish_id FROM \(wanted.table) AS wanted
                    CROSS JOIN dish_likes ON dish_id = wanted.wanted_id AND user_id = ?
                    """, arguments: [wanted.argument, .integer(userID)]
                ) { $0.int64(0) })
        }
    }

    /// The following feed: dishes and recipes by the users `viewerID` follows, newest first.
    ///
    /// Both tables share one order: (created_at, tie) descending, where the tie is
    /// `id * 2` for a dish and `id * 2 + 1` for a recipe, so a cursor names one row of either.
    /// The statement is `feedPage`.
    public func feed(viewerID: Int64, page: PageRequest) throws -> Page<FeedEntry> {
        try database.read(rowsOf: [("follows", "follower_id")], viewerID) { c in
            try c.page(Self.feedPage, arguments: [viewerID] + descendingBounds(page), request: page) {
                $0.int(2) == 0 ? FeedEntry.dish($0.int64(3)) : .recipe($0.int64(3))
            }
        }
    }

    /// One page of the feed: `?1` the viewer, `?2, ?3` the cursor's (created_at, tie), `?4`
    /// the rows wanted.
    ///
    /// A merge of the followees' newest entries, so that a page costs the same however much
    /// they wrote: `merged` starts with each followee's newest dish and newest recipe under
    /// the cursor (one seek in `dishes_by_author_page` and `recipes_by_author_page` each),
    /// and SQLite takes its rows out newest first (the `ORDER BY` of a recursive select
    /// makes its queue a priority queue); each row taken puts the next older entry of the
    /// same author and table in the queue, and the `LIMIT` stops it after `?4` rows. So a
    /// page reads two index entries a followee and one more a row, never a followee's
    /// older entries. Ties within a millisecond go by id, as the tie does.
    static let feedPage = """
        WITH RECURSIVE merged(created_at, tie, kind, id, author) AS (
            SELECT d.created_at, d.id * 2, 0, d.id, d.author_id
            FROM follows f JOIN dishes d ON d.id = (
                SELECT id FROM dishes WHERE author_id = f.followee_id
                    AND created_at <= ?2 AND (created_at < ?2 OR id * 2 < ?3)
                ORDER BY created_at DESC, id DESC LIMIT 1)
            WHERE f.follower_id = ?1
            UNION ALL
            SELECT r.created_at, r.id * 2 + 1, 1, r.id, r.author_id
            FROM follows f JOIN recipes r ON r.id = (
                SELECT id FROM recipes WHERE author_id = f.followee_id
                    AND created_at <= ?2 AND (created_at < ?2 OR id * 2 + 1 < ?3)
                ORDER BY created_at DESC, id DESC LIMIT 1)
            WHERE f.follower_id = ?1
            UNION ALL
            SELECT d.created_at, d.id * 2, 0, d.id, d.author_id
            FROM merged m JOIN dishes d ON d.id = (
                SELECT id FROM dishes WHERE author_id = m.author AND (created_at, id) < (m.created_at, m.id)
                ORDER BY created_at DESC, id DESC LIMIT 1)
            WHERE m.kind = 0
            UNION ALL
            SELECT r.created_at, r.id * 2 + 1, 1, r.id, r.author_id
            FROM merged m JOIN recipes r ON r.id = (
                SELECT id FROM recipes WHERE author_id = m.author AND (created_at, id) < (m.created_at, m.id)
                ORDER BY created_at DESC, id DESC LIMIT 1)
            WHERE m.kind = 1
            ORDER BY 1 DESC, 2 DESC LIMIT ?4
        )
        SELECT created_at, tie, kind, id FROM merged ORDER BY created_at DESC, tie DESC
        """

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
