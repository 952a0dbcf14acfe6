import Foundation

/// Baskets on PostgreSQL (`BasketStore`).
struct PostgresBasket: Sendable {
    let database: PostgresDatabase

    static func basket(userID: Int64, _ c: PostgresConnection) throws -> Basket {
        let recipeIDs = try c.query("SELECT recipe_id FROM basket_recipes WHERE user_id = $1 ORDER BY id", userID) {
            $0.int64(0)
        }
        let purchased = Set(try c.query("SELECT name_key FROM basket_purchases WHERE user_id = $1", userID) {
            $0.string(0)
        })
        return Basket(recipeIDs: recipeIDs, ingredients: try PostgresRecipes.ingredients(recipeIDs: recipeIDs, c),
                      purchased: purchased)
    }
}

extension PostgresBasket: BasketStore {
    func basket(userID: Int64) throws -> Basket {
        try database.read { c in try Self.basket(userID: userID, c) }
    }

    func addRecipe(userID: Int64, recipeID: Int64) throws -> Basket {
        try database.write { c in
            guard try c.exists("SELECT 1 FROM recipes WHERE id = $1", recipeID) else {
                throw DomainError.notFound("No recipe has this ID.")
            }
            try c.execute(
                "INSERT INTO basket_recipes (user_id, recipe_id) VALUES ($1, $2) ON CONFLICT (user_id, recipe_id) DO NOTHING",
                userID, recipeID)
            let basket = try Self.basket(userID: userID, c)
            try Bounds.check(basket.recipes.count, atMost: Bounds.basketRecipes, "recipes", of: "A basket")
            return basket
        }
    }

    func removeRecipe(userID: Int64, recipeID: Int64) throws -> Basket {
        try database.write { c in
            try c.execute("DELETE FROM basket_recipes WHERE user_id = $1 AND recipe_id = $2", userID, recipeID)
            return try Self.basket(userID: userID, c)
        }
    }

    func clear(userID: Int64) throws -> Basket {
        try database.write { c in
            try c.execute("DELETE FROM basket_recipes WHERE user_id = $1", userID)
            try c.execute("DELETE FROM basket_purchases WHERE user_id = $1", userID)
            return Basket(recipes: [])
        }
    }

    func setPurchased(userID: Int64, name: String, purchased: Bool) throws -> Basket {
        let key = Basket.nameKey(try Validation.nonBlank(name, field: "ingredient name"))
        return try database.write { c in
            if purchased {
                try c.execute(
                    "INSERT INTO basket_purchases (user_id, name_key) VALUES ($1, $2) ON CONFLICT DO NOTHING", userID, key)
            } else {
                try c.execute("DELETE FROM basket_purchases WHERE user_id = $1 AND name_key = $2", userID, key)
            }
            return try Self.basket(userID: userID, c)
        }
    }
}

/// The lunch menu and app releases on PostgreSQL (`AppStore`).
struct PostgresApps: Sendable {
    let database: PostgresDatabase
    let clock: Clock
}

extension PostgresApps: AppStore {
    func lunchMenu() throws -> LunchMenu {
        try database.read { c in
            let items = grouped(try c.query("SELECT day, goods_id FROM lunch_menu_items ORDER BY day, position") {
                ($0.string(0), $0.int64(1))
            })
            let updated = try c.queryFirst(
                "SELECT value FROM meta WHERE key = $1", AppRepository.menuUpdatedKey, row: { $0.string(0) }
            ).flatMap { Int64($0) } ?? 0
            return LunchMenu(
                updatedAt: Date(milliseconds: updated),
                sections: LunchDay.allCases.map { LunchSection(day: $0, goodsIDs: items[$0.rawValue] ?? []) })
        }
    }

    func setLunchMenu(day: LunchDay, goodsIDs: [Int64]) throws {
        let now = clock()
        try Bounds.check(goodsIDs.count, atMost: Bounds.lunchItemsPerDay, "dishes", of: "A day of the lunch menu")
        try database.write { c in
            try c.execute("DELETE FROM lunch_menu_items WHERE day = $1", day.rawValue)
            for (position, goodsID) in goodsIDs.enumerated() {
                try c.execute(
                    "INSERT INTO lunch_menu_items (day, position, goods_id) VALUES ($1, $2, $3)",
                    day.rawValue, position, goodsID)
            }
            try c.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                AppRepository.menuUpdatedKey, String(now.milliseconds))
        }
    }

    func appConfig(app: AppName, clientVersion: String, lastSeenVersion: String?) throws -> AppConfig {
        try database.read { c in
            let latest = try c.queryFirst(
                "SELECT latest_version FROM app_releases WHERE app = $1", app.rawValue, row: { $0.string(0) })
                ?? clientVersion
            let show = lastSeenVersion.map { AppVersion.isNewer(clientVersion, than: $0) } ?? true
            let pages = show
                ? try c.query("SELECT image_url, title FROM onboarding_pages WHERE app = $1 ORDER BY position", app.rawValue) {
                    OnboardingPage(imageURL: $0.string(0), title: $0.string(1))
                } : []
            return AppConfig(latestVersion: latest, showOnboarding: show, onboardingPages: pages)
        }
    }

    func setRelease(app: AppName, latestVersion: String, pages: [OnboardingPage]) throws {
        try database.write { c in
            try c.execute(
                """
                INSERT INTO app_releases (app, latest_version) VALUES ($1, $2)
                ON CONFLICT (app) DO UPDATE SET latest_version = excluded.latest_version
                """, app.rawValue, latestVersion)
            try c.execute("DELETE FROM onboarding_pages WHERE app = $1", app.rawValue)
            for (position, page) in pages.enumerated() {
                try c.execute(
                    "INSERT INTO onboarding_pages (app, position, image_url, title) VALUES ($1, $2, $3, $4)",
                    app.rawValue, position, page.imageURL, page.title)
            }
        }
    }
}

/// Stored uploads on PostgreSQL (`MediaStore`).
struct PostgresMedia: Sendable {
    let database: PostgresDatabase
    let clock: Clock
}

extension PostgresMedia: MediaStore {
    func record(_ item: MediaItem) throws {
        try database.write { c in
            try c.execute(
                """
                INSERT INTO media (hash, format, width, height, byte_count, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (hash) DO NOTHING
                """, item.hash, item.format, item.width, item.height, item.byteCount, clock().milliseconds)
        }
    }

    func items(hashes: [String]) throws -> [String: MediaItem] {
        guard !hashes.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.query(
                "SELECT hash, format, width, height, byte_count FROM media WHERE hash = ANY($1::text[])",
                arguments: [.texts(distinct(hashes))]
            ) { MediaItem(hash: $0.string(0), format: $0.string(1), width: $0.int(2), height: $0.int(3), byteCount: $0.int(4)) }
            return Dictionary(rows.map { ($0.hash, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func isReferenced(url: String) throws -> Bool {
        try database.read { c in
            for (table, column) in MediaRepository.pictureColumns {
                if try c.exists("SELECT 1 FROM \(table) WHERE \(column) = $1 LIMIT 1", url) { return true }
            }
            return false
        }
    }
}
