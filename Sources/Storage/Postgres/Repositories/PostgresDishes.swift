import Foundation

/// Dishes, likes and the following feed on PostgreSQL (`DishStore`). Like counts are kept
/// by the `dish_likes` trigger, as on SQLite.
struct PostgresDishes: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = DishRepository.columns

    static func dishes(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Dish] {
        let rows = try c.query(
            "SELECT \(columns) FROM dishes WHERE id = ANY($1::bigint[])", arguments: [.integers(distinct(ids))]
        ) { DishRepository.dish($0) }
        return Dictionary(uniqueKeysWithValues: try withPhotos(rows, c).map { ($0.id, $0) })
    }

    static func withPhotos(_ dishes: [Dish], _ c: PostgresConnection) throws -> [Dish] {
        guard !dishes.isEmpty else { return [] }
        let photos = try PostgresMarket.children(
            of: dishes.map(\.id),
            """
            SELECT dish_id, url, width, height FROM dish_photos
            WHERE dish_id = ANY($1::bigint[]) ORDER BY dish_id, position
            """, c) { ownedPhoto($0) }
        return dishes.map { dish in
            var dish = dish
            dish.photos = photos[dish.id] ?? []
            return dish
        }
    }

    /// A page of dishes matching `filter` (its parameters before the bounds), newest first.
    private func dishes(where filter: String, _ arguments: [PostgresValue], page: PageRequest) throws -> Page<Dish> {
        let next = arguments.count + 1
        return try database.read { c in
            let page = try c.page(
                """
                SELECT created_at, \(Self.columns) FROM dishes
                WHERE \(filter) AND (created_at, id) < ($\(next), $\(next + 1))
                ORDER BY created_at DESC, id DESC LIMIT $\(next + 2)
                """, arguments: arguments + newestFirstBounds(page), request: page
            ) { DishRepository.dish($0, at: 1) }
            let filled = Dictionary(uniqueKeysWithValues: try Self.withPhotos(page.nodes, c).map { ($0.id, $0) })
            return page.map { filled[$0.id] ?? $0 }
        }
    }

    private func dishes(parentColumn: String, parentIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        try database.read { c in
            let pages = try c.pages(
                table: "dishes", parentColumn: parentColumn, columns: Self.columns, parentIDs: parentIDs,
                request: page) { DishRepository.dish($0, at: 2) }
            let filled = Dictionary(
                uniqueKeysWithValues: try Self.withPhotos(pages.values.flatMap(\.nodes), c).map { ($0.id, $0) })
            return pages.mapValues { page in page.map { filled[$0.id] ?? $0 } }
        }
    }

    /// The dish, inside a write, or `notFound`.
    private static func existing(_ id: Int64, _ c: PostgresConnection) throws -> Dish {
        guard let dish = try dishes(ids: [id], c)[id] else { throw DomainError.notFound("No dish has this ID.") }
        return dish
    }
}

extension PostgresDishes: DishStore {
    func like(dishID: Int64, userID: Int64) throws -> Dish {
        try database.write { c in
            let dish = try Self.existing(dishID, c)
            try c.execute(
                """
                INSERT INTO dish_likes (dish_id, user_id, created_at) VALUES ($1, $2, $3)
                ON CONFLICT (dish_id, user_id) DO NOTHING
                """, dishID, userID, clock().milliseconds)
            return dish
        }
    }

    func unlike(dishID: Int64, userID: Int64) throws -> Dish {
        try database.write { c in
            let dish = try Self.existing(dishID, c)
            try c.execute("DELETE FROM dish_likes WHERE dish_id = $1 AND user_id = $2", dishID, userID)
            return dish
        }
    }

    func likesCounts(dishIDs: [Int64]) throws -> [Int64: Int] {
        guard !dishIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts("SELECT id, likes_count FROM dishes WHERE id = ANY($1::bigint[]) AND likes_count > 0", ids: dishIDs)
        }
    }

    func viewerHasLiked(dishIDs: [Int64], userID: Int64) throws -> Set<Int64> {
        guard !dishIDs.isEmpty else { return [] }
        return try database.read { c in
            Set(try c.query(
                "SELECT dish_id FROM dish_likes WHERE user_id = $1 AND dish_id = ANY($2::bigint[])",
                arguments: [.integer(userID), .integers(distinct(dishIDs))]) { $0.int64(0) })
        }
    }

    func feed(viewerID: Int64, page: PageRequest) throws -> Page<FeedEntry> {
        try database.read { c in
            try c.page(Self.feedPage, arguments: [.integer(viewerID)] + newestFirstBounds(page), request: page) {
                $0.int(2) == 0 ? FeedEntry.dish($0.int64(3)) : .recipe($0.int64(3))
            }
        }
    }

    /// One page of the feed, in SQLite's order and with its page boundaries, reading at
    /// most `$4` entries of each followee in each table however much they wrote.
    ///
    /// PostgreSQL has no priority queue for a recursive query, so instead of SQLite's merge
    /// it finds a floor: each followee's newest entry under the cursor (one seek in
    /// `dishes_by_author_page` and `recipes_by_author_page` each), and the `$4`-th newest
    /// of those. That many entries are at least that new, so the page lies between the
    /// floor and the cursor; a `LATERAL` walk of each followee's index from the cursor
    /// stops at the floor or after `$4` rows, and the rest are merged and cut to `$4`. The
    /// cursor's time bounds every walk; its tie only filters the rows of that millisecond.
    static let feedPage = """
        WITH floor AS (
            SELECT coalesce((
                SELECT newest FROM (
                    SELECT greatest(
                        (SELECT created_at FROM dishes
                         WHERE author_id = f.followee_id AND created_at <= $2 AND (created_at < $2 OR id * 2 < $3)
                         ORDER BY created_at DESC, id DESC LIMIT 1),
                        (SELECT created_at FROM recipes
                         WHERE author_id = f.followee_id AND created_at <= $2 AND (created_at < $2 OR id * 2 + 1 < $3)
                         ORDER BY created_at DESC, id DESC LIMIT 1)) AS newest
                    FROM follows f WHERE f.follower_id = $1
                ) AS heads
                ORDER BY newest DESC NULLS LAST LIMIT 1 OFFSET $4 - 1
            ), -9223372036854775807 - 1) AS at
        )
        SELECT created_at, tie, kind, id FROM (
            SELECT d.created_at, d.id * 2 AS tie, 0 AS kind, d.id
            FROM follows f CROSS JOIN LATERAL (
                SELECT created_at, id FROM dishes
                WHERE author_id = f.followee_id AND created_at BETWEEN (SELECT at FROM floor) AND $2
                    AND (created_at < $2 OR id * 2 < $3)
                ORDER BY created_at DESC, id DESC LIMIT $4
            ) AS d
            WHERE f.follower_id = $1
            UNION ALL
            SELECT r.created_at, r.id * 2 + 1, 1, r.id
            FROM follows f CROSS JOIN LATERAL (
                SELECT created_at, id FROM recipes
                WHERE author_id = f.followee_id AND created_at BETWEEN (SELECT at FROM floor) AND $2
                    AND (created_at < $2 OR id * 2 + 1 < $3)
                ORDER BY created_at DESC, id DESC LIMIT $4
            ) AS r
            WHERE f.follower_id = $1
        ) AS entries
        ORDER BY created_at DESC, tie DESC LIMIT $4
        """

    func feedCount(viewerID: Int64) throws -> Int {
        try database.read { c in
            try c.queryFirst(
                """
                SELECT (SELECT count(*) FROM follows f JOIN dishes d ON d.author_id = f.followee_id WHERE f.follower_id = $1)
                     + (SELECT count(*) FROM follows f JOIN recipes r ON r.author_id = f.followee_id WHERE f.follower_id = $1)
                """, viewerID) { $0.int(0) } ?? 0
        }
    }

    func dish(id: Int64) throws -> Dish? { try dishes(ids: [id])[id] }

    func dishes(ids: [Int64]) throws -> [Int64: Dish] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.dishes(ids: ids, c) }
    }

    func tags(dishIDs: [Int64]) throws -> [Int64: [String]] {
        guard !dishIDs.isEmpty else { return [:] }
        return try database.read { c in
            try PostgresMarket.children(
                of: dishIDs,
                "SELECT dish_id, tag FROM dish_tags WHERE dish_id = ANY($1::bigint[]) ORDER BY dish_id, position", c
            ) { ($0.int64(0), $0.string(1)) }
        }
    }

    func dishes(page: PageRequest) throws -> Page<Dish> { try dishes(where: "TRUE", [], page: page) }

    func dishes(authorID: Int64, page: PageRequest) throws -> Page<Dish> {
        try dishes(where: "author_id = $1", [.integer(authorID)], page: page)
    }

    func dishes(recipeID: Int64, page: PageRequest) throws -> Page<Dish> {
        try dishes(where: "recipe_id = $1", [.integer(recipeID)], page: page)
    }

    func dishes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        try dishes(parentColumn: "author_id", parentIDs: authorIDs, page: page)
    }

    func dishes(recipeIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        try dishes(parentColumn: "recipe_id", parentIDs: recipeIDs, page: page)
    }

    func uploadDish(authorID: Int64, _ input: NewDish) throws -> Dish {
        let tags = try input.checkedTags(maximumPhotos: DishRepository.maximumPhotos)
        return try database.write { c in
            if let recipeID = input.recipeID, try !c.exists("SELECT 1 FROM recipes WHERE id = $1", recipeID) {
                throw DomainError.notFound("No recipe has this ID.")
            }
            let id = try c.queryFirst(
                "INSERT INTO dishes (author_id, recipe_id, description, meal, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                authorID, input.recipeID, input.description, input.meal?.rawValue, clock().milliseconds) { $0.int64(0) }!
            for (position, photo) in input.photos.enumerated() {
                try c.execute(
                    "INSERT INTO dish_photos (dish_id, position, url, width, height) VALUES ($1, $2, $3, $4, $5)",
                    id, position, photo.url, photo.width, photo.height)
            }
            for (position, tag) in tags.enumerated() {
                try c.execute("INSERT INTO dish_tags (dish_id, position, tag) VALUES ($1, $2, $3)", id, position, tag)
            }
            return try Self.dishes(ids: [id], c)[id]!
        }
    }
}
