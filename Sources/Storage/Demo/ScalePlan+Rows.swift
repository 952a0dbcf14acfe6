import Foundation

extension ScalePlan {
    /// Shops (with and without free-shipping thresholds) and goods with 1–3 kinds.
    func insertMarket(random: inout SeededRandom, _ c: Connection) throws {
        let shop = try BulkInsert(
            """
            INSERT INTO shops (id, name, shipping_fee_cents, free_shipping_threshold_cents)
            VALUES (?, ?, ?, ?)
            """, c)
        for n in 0..<shops {
            try shop.run(shopBase + Int64(n), "Shop \(runTag)-\(n)", 600 + (n % 5) * 200, n % 3 == 0 ? nil : 9900)
        }
        let goodsRow = try BulkInsert(
            """
            INSERT INTO goods (id, shop_id, name, foreword, sales_count, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, c)
        let image = try BulkInsert(
            "INSERT INTO goods_images (goods_id, position, url, width, height) VALUES (?, 0, ?, 800, 800)", c)
        let kind = try BulkInsert(
            """
            INSERT INTO kinds (goods_id, position, name, price_cents, original_price_cents,
                member_price_cents, stock) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, c)
        for n in 0..<goods {
            let id = goodsBase + Int64(n)
            try goodsRow.run(
                id, shopBase + Int64(random.below(shops)),
                "\(random.pick(ScaleWords.mains)) \(random.pick(["礼盒", "家庭装", "Pack", "精选"])) #\(n)",
                "Generated goods", random.below(5000), now.addingTimeInterval(-Double(goods - n) * 60).milliseconds)
            try image.run(id, "/media/demo/goods/\(n % 40).jpg")
            for position in 0..<(1 + random.below(3)) {
                let price = 500 + random.below(200) * 50
                try kind.run(
                    id, position, ["250g", "500g", "1kg"][position], price,
                    random.below(2) == 0 ? price + 500 : nil, random.below(3) == 0 ? price - 100 : nil,
                    random.below(10) == 0 ? 0 : random.below(200))
            }
        }
    }

    /// Recipes `range` (0-based within this seed) with ingredients, steps, a dish for every
    /// second one (photos, tags, likes), a comment each and a collection for every second.
    func insertRecipes(_ range: Range<Int>, random: inout SeededRandom, _ c: Connection) throws {
        let recipe = try BulkInsert(
            """
            INSERT INTO recipes (id, author_id, name, description, cover_url, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, c)
        let ingredient = try BulkInsert(
            "INSERT INTO recipe_ingredients (recipe_id, position, name, amount) VALUES (?, ?, ?, ?)", c)
        let step = try BulkInsert(
            "INSERT INTO recipe_steps (recipe_id, position, text, image_url) VALUES (?, ?, ?, ?)", c)
        let dish = try BulkInsert(
            """
            INSERT INTO dishes (id, author_id, recipe_id, description, meal, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, c)
        let photo = try BulkInsert(
            "INSERT INTO dish_photos (dish_id, position, url, width, height) VALUES (?, ?, ?, 1080, 1080)", c)
        let tag = try BulkInsert("INSERT OR IGNORE INTO dish_tags (dish_id, position, tag) VALUES (?, ?, ?)", c)
        let like = try BulkInsert(
            "INSERT OR IGNORE INTO dish_likes (dish_id, user_id, created_at) VALUES (?, ?, ?)", c)
        let comment = try BulkInsert(
            """
            INSERT INTO comments (id, target_kind, target_id, author_id, text, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, c)
        let mention = try BulkInsert(
            "INSERT INTO comment_mentions (comment_id, position, user_id) VALUES (?, 0, ?)", c)
        let collect = try BulkInsert(
            "INSERT OR IGNORE INTO collections (user_id, recipe_id, created_at) VALUES (?, ?, ?)", c)
        let meals = [nil, "BREAKFAST", "LUNCH", "DINNER"]
        for n in range {
            let id = recipeBase + Int64(n)
            let created = now.addingTimeInterval(-Double(scale - n) * 30).milliseconds
            let name = random.pick(ScaleWords.methods) + random.pick(ScaleWords.mains) + random.pick(ScaleWords.endings)
            try recipe.run(
                id, user(&random), name, "\(name)：简单易做的家常做法 #\(n)",
                "/media/demo/recipes/\(n % 100).jpg", created)
            for position in 0..<(4 + random.below(4)) {
                try ingredient.run(id, position, random.pick(ScaleWords.ingredients), random.pick(ScaleWords.amounts))
            }
            for position in 0..<(3 + random.below(3)) {
                try step.run(id, position, random.pick(ScaleWords.steps), position == 0 ? "/media/demo/steps/\(n % 100).jpg" : nil)
            }
            var target = ("recipe", id)
            if n % 2 == 0 {
                let dishID = dishBase + Int64(n / 2)
                try dish.run(dishID, user(&random), id, "做了\(name)", random.pick(meals), created + 1000)
                for position in 0..<(1 + random.below(3)) {
                    try photo.run(dishID, position, "/media/demo/dishes/\((n + position) % 100).jpg")
                }
                for position in 0..<random.below(3) {
                    try tag.run(dishID, position, random.pick(ScaleWords.tags))
                }
                for _ in 0..<3 { try like.run(dishID, user(&random), created + 2000) }
                try collect.run(user(&random), id, created + 3000)
                target = ("dish", dishID)
            }
            let commentID = commentBase + Int64(n)
            let mentioned = n % 5 == 0 ? user(&random) : nil
            let text = random.pick(ScaleWords.comments) + (mentioned.map { " @u\(runTag)_\($0 - userBase)" } ?? "")
            try comment.run(commentID, target.0, target.1, user(&random), text, created + 4000)
            if let mentioned { try mention.run(commentID, mentioned) }
        }
    }

    /// Fills the search tables for this seed's recipes (the widest in one statement, the
    /// others from it), then merges each table's index into one segment. A bulk fill
    /// leaves dozens of segments, and a search opens every one of them for every keyword:
    /// at scale 100,000 a page of results cost three times what it does at 1,000 until
    /// the merge.
    func buildSearchIndex(_ c: Connection) throws {
        try c.execute(
            """
            INSERT INTO recipe_search (rowid, name, ingredients, description)
            SELECT r.id, kitchen_search_text(r.name),
                kitchen_search_text(coalesce((SELECT group_concat(name, ' ') FROM (
                    SELECT name FROM recipe_ingredients i WHERE i.recipe_id = r.id ORDER BY position)), '')),
                kitchen_search_text(coalesce(r.description, ''))
            FROM recipes r WHERE r.id >= ?
            """, recipeBase)
        try c.execute(
            """
            INSERT INTO recipe_name_search (rowid, name)
            SELECT rowid, name FROM recipe_search WHERE rowid >= ?
            """, recipeBase)
        try c.execute(
            """
            INSERT INTO recipe_name_ingredient_search (rowid, name, ingredients)
            SELECT rowid, name, ingredients FROM recipe_search WHERE rowid >= ?
            """, recipeBase)
        for table in [
            "recipe_search", "recipe_name_search", "recipe_name_ingredient_search", "user_search",
            "user_name_search",
        ] {
            try c.execute("INSERT INTO \(table) (\(table)) VALUES ('optimize')")
        }
    }
}
