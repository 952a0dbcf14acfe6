import Foundation

/// Dishes (作品): uploads, lookups with photos and tags, lists, likes and the feed.
public struct DishRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// The most photos a dish may have.
    public static let maximumPhotos = Bounds.dishPhotos

    static let columns = "id, author_id, recipe_id, description, meal, created_at"
    static let byID = ByIDQuery(from: "dishes", columns: columns)

    static func dish<R: ColumnReader>(_ row: R, at o: Int = 0) -> Dish {
        Dish(
            id: row.int64(o), authorID: row.int64(o + 1), recipeID: row.optionalInt64(o + 2),
            description: row.optionalString(o + 3),
            meal: row.optionalString(o + 4).flatMap(Meal.init(rawValue:)), photos: [],
            createdAt: Date(milliseconds: row.int64(o + 5)))
    }

    /// One dish with its photos, or `nil`.
    public func dish(id: Int64) throws -> Dish? {
        try dishes(ids: [id])[id]
    }

    /// Dishes by id with their photos: two statements for any number of ids.
    public func dishes(ids: [Int64]) throws -> [Int64: Dish] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.dishes(ids: ids, c) }
    }

    static func dishes(ids: [Int64], _ c: Connection) throws -> [Int64: Dish] {
        let rows = try c.rows(byID: ids, byID) { dish($0) }
        return Dictionary(uniqueKeysWithValues: try withParts(rows, c).map { ($0.id, $0) })
    }

    static let photosQuery = IDJoinQuery(
        """
        SELECT dish_id, url, width, height
        FROM %@ AS wanted CROSS JOIN dish_photos ON dish_id = wanted.wanted_id
        """)
    static let tagsQuery = IDJoinQuery(
        """
        SELECT dish_id, tag
        FROM %@ AS wanted CROSS JOIN dish_tags ON dish_id = wanted.wanted_id
        ORDER BY dish_id, position
        """)

    /// Fills in the photos of dishes, in one statement.
    static func withParts(_ dishes: [Dish], _ c: Connection) throws -> [Dish] {
        guard !dishes.isEmpty else { return [] }
        let photos = try c.children(
            photosQuery, of: dishes.map(\.id), keyedBy: ("dish_photos", "dish_id")
        ) { ownedPhoto($0) }
        return dishes.map { dish in
            var dish = dish
            dish.photos = photos[dish.id] ?? []
            return dish
        }
    }

    /// The tags of many dishes, each list in order, in one statement (sorted: the join may
    /// seek the `(dish_id, tag)` index instead of the primary key).
    public func tags(dishIDs: [Int64]) throws -> [Int64: [String]] {
        guard !dishIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(
                Self.tagsQuery, of: dishIDs, keyedBy: ("dish_tags", "dish_id")
            ) { ($0.int64(0), $0.string(1)) }
        }
    }

    /// A page of dishes from `filter` (`"1 = 1"` for all), newest first, with their photos.
    func dishes(where filter: String, _ arguments: [any SQLBindable], page: PageRequest)
        throws -> Page<Dish>
    {
        try database.read { c in
            let page = try c.page(
                """
                SELECT created_at, \(Self.columns) FROM dishes
                WHERE \(filter) AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: arguments + descendingBounds(page), request: page
            ) { Self.dish($0, at: 1) }
            let filled = Dictionary(
                uniqueKeysWithValues: try Self.withParts(page.nodes, c).map { ($0.id, $0) })
            return page.map { filled[$0.id] ?? $0 }
        }
    }

    /// All dishes, newest first.
    public func dishes(page: PageRequest) throws -> Page<Dish> {
        try dishes(where: "1 = 1", [], page: page)
    }

    /// One author's dishes, newest first (the count is `UserStats.dishesCount`).
    public func dishes(authorID: Int64, page: PageRequest) throws -> Page<Dish> {
        try dishes(where: "author_id = ?", [authorID], page: page)
    }

    /// Dishes made from a recipe, newest first (the count is `RecipeStats.cookedCount`).
    public func dishes(recipeID: Int64, page: PageRequest) throws -> Page<Dish> {
        try dishes(where: "recipe_id = ?", [recipeID], page: page)
    }

    /// Shares a dish: 1 to 9 photos with non-blank URLs; tags are trimmed, blank ones
    /// dropped and repeats removed; a given recipe must exist.
    public func uploadDish(authorID: Int64, _ input: NewDish) throws -> Dish {
        let tags = try input.checkedTags(maximumPhotos: Self.maximumPhotos)
        return try database.write { c in
            if let recipeID = input.recipeID,
                try !c.exists("SELECT 1 FROM recipes WHERE id = ?", recipeID)
            {
                throw DomainError.notFound("No recipe has this ID.")
            }
            let id = try Self.insert(
                authorID: authorID, recipeID: input.recipeID, description: input.description,
                meal: input.meal, photos: input.photos, tags: tags, createdAt: clock(), c)
            return try Self.dishes(ids: [id], c)[id]!
        }
    }

    /// Inserts a dish with its photos and tags (already checked).
    static func insert(
        authorID: Int64, recipeID: Int64?, description: String?, meal: Meal?, photos: [Photo],
        tags: [String], createdAt: Date, _ c: Connection
    ) throws -> Int64 {
        try c.execute(
            """
            INSERT INTO dishes (author_id, recipe_id, description, meal, created_at)
            VALUES (?, ?, ?, ?, ?)
            """, authorID, recipeID, description, meal?.rawValue, createdAt.milliseconds)
        let id = c.lastInsertRowID
        for (position, photo) in photos.enumerated() {
            try c.execute(
                "INSERT INTO dish_photos (dish_id, position, url, width, height) VALUES (?, ?, ?, ?, ?)",
                id, position, photo.url, photo.width, photo.height)
        }
        for (position, tag) in tags.enumerated() {
            try c.execute(
                "INSERT INTO dish_tags (dish_id, position, tag) VALUES (?, ?, ?)", id, position, tag)
        }
        return id
    }
}
