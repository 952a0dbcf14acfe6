import Foundation

/// A demo dish: author, recipe key (if any), text, tags, meal and photo count.
struct DemoDish {
    var author: String
    var recipe: String?
    var description: String
    var tags: [String]
    var meal: Meal?
    var photos: Int
}

extension DemoData {
    static let dishes: [DemoDish] = [
        DemoDish(author: "alice", recipe: "hongshao-paigu", description: "第一次做红烧排骨，王师傅的方子太好用了！", tags: ["家常菜", "红烧"], meal: .dinner, photos: 3),
        DemoDish(author: "xiaoming", recipe: "fanqie-chao-jidan", description: "宿舍版番茄炒蛋 🍅", tags: ["快手菜", "鸡蛋"], meal: .lunch, photos: 1),
        DemoDish(author: "meimei", recipe: "jidan-geng", description: "蒸出了镜面效果的鸡蛋羹", tags: ["蒸菜", "鸡蛋", "早餐"], meal: .breakfast, photos: 2),
        DemoDish(author: "tom", recipe: "pancakes", description: "Sunday stack with blueberries.", tags: ["breakfast", "brunch"], meal: .breakfast, photos: 4),
        DemoDish(author: "lily", recipe: "kele-jichi", description: "Cola wings for movie night.", tags: ["wings", "party"], meal: .dinner, photos: 2),
        DemoDish(author: "chef_wang", recipe: "gongbao-jiding", description: "今天店里的招牌宫保鸡丁。", tags: ["川菜"], meal: .lunch, photos: 1),
        DemoDish(author: "alice", recipe: "banana-bread", description: "Banana bread, take two: less sugar, more walnuts.", tags: ["baking", "烘焙"], meal: nil, photos: 2),
        DemoDish(author: "xiaohong", recipe: nil, description: "午饭便当：米饭、韭菜炒蛋、西兰花。", tags: ["便当", "上班族"], meal: .lunch, photos: 1),
        DemoDish(author: "dawei", recipe: "mapo-doufu", description: "麻婆豆腐配米饭，能吃三碗。", tags: ["下饭菜", "川菜"], meal: .dinner, photos: 1),
        DemoDish(author: "meimei", recipe: "hongshao-paigu", description: "跟着做的红烧排骨，汁收得刚好。", tags: ["红烧", "家常菜"], meal: .dinner, photos: 9),
    ]

    static func insertCommunity(now: Date, ids: inout DemoIDs, _ c: Connection) throws {
        for (offset, dish) in dishes.enumerated() {
            let photos = (1...dish.photos).map {
                Photo(url: "/media/demo/dishes/\(offset + 1)-\($0).jpg", width: 1080, height: 1080)
            }
            let id = try DishRepository.insert(
                authorID: ids.user(dish.author), recipeID: dish.recipe.flatMap { ids.recipes[$0] },
                description: dish.description, meal: dish.meal, photos: photos, tags: dish.tags,
                createdAt: now.addingTimeInterval(-Double(dishes.count - offset) * 5 * 3600), c)
            ids.dishes.append(id)
        }
        let likers = ["alice", "xiaoming", "meimei", "chef_wang", "lily", "dawei", "tom", "xiaohong"]
        for (offset, dishID) in ids.dishes.enumerated() {
            for liker in likers.prefix(offset % 6 + 1) {
                try c.execute(
                    "INSERT OR IGNORE INTO dish_likes (dish_id, user_id, created_at) VALUES (?, ?, ?)",
                    dishID, ids.user(liker), now.milliseconds - Int64(offset) * 60_000)
            }
        }
        try insertForums(now: now, ids: ids, c)
        try insertComments(now: now, ids: ids, c)
        try insertSearches(now: now, ids: ids, c)
    }

    static func insertForums(now: Date, ids: DemoIDs, _ c: Connection) throws {
        let forums: [(String, String, [(String, String, String)])] = [
            ("家常菜交流 Home Cooking", "Everyday dishes, tips and questions.", [
                ("chef_wang", "红烧排骨怎么做才不柴？", "大家炖排骨一般炖多久？我总觉得肉有点柴。"),
                ("alice", "Weeknight dinners under 30 minutes", "Share your fastest dinner that still feels like real cooking."),
            ]),
            ("烘焙 Baking", "Bread, cakes and everything from the oven.", [
                ("alice", "Banana bread: oil or butter?", "I have tried both; butter tastes better but oil keeps it moist longer."),
            ]),
            ("新手求助 Beginners", "No question is too small.", [
                ("xiaoming", "鸡蛋怎么炒才嫩？", "每次炒鸡蛋都很老，求教！"),
            ]),
        ]
        try Bounds.check(forums.count, atMost: Bounds.forums, "forums", of: "The community")
        for (position, (name, description, topics)) in forums.enumerated() {
            try c.execute(
                "INSERT INTO forums (name, description, position) VALUES (?, ?, ?)", name, description, position)
            let forumID = c.lastInsertRowID
            for (offset, (author, title, body)) in topics.enumerated() {
                try c.execute(
                    "INSERT INTO topics (forum_id, author_id, title, body, created_at) VALUES (?, ?, ?, ?, ?)",
                    forumID, ids.user(author), title, body,
                    now.addingTimeInterval(-Double(48 - position * 10 - offset) * 3600).milliseconds)
            }
        }
    }

    /// Comments with @mentions and replies on dishes, recipes and topics.
    static func insertComments(now: Date, ids: DemoIDs, _ c: Connection) throws {
        let topicIDs = try c.query("SELECT id FROM topics ORDER BY id") { $0.int64(0) }
        let thread: [(CommentTarget, String, String, Int?)] = [
            (.dish(ids.dishes[0]), "chef_wang", "颜色很漂亮！糖色炒得好 👍", nil),
            (.dish(ids.dishes[0]), "alice", "谢谢 @chef_wang 的方子！@meimei 你也试试", 0),
            (.dish(ids.dishes[0]), "meimei", "@alice 已经做了，见我的作品～", 1),
            (.dish(ids.dishes[1]), "alice", "@xiaoming looks great, add a pinch of sugar next time!", nil),
            (.dish(ids.dishes[3]), "lily", "Those pancakes! @tom recipe please 🙏", nil),
            (.dish(ids.dishes[3]), "tom", "@lily it is in my recipes: Fluffy Pancakes.", 4),
            (.recipe(ids.recipes["hongshao-paigu"] ?? 0), "xiaoming", "请问冰糖可以换成白糖吗？", nil),
            (.recipe(ids.recipes["hongshao-paigu"] ?? 0), "chef_wang", "@xiaoming 可以，但冰糖颜色更亮。", 6),
            (.recipe(ids.recipes["jidan-geng"] ?? 0), "xiaohong", "过筛这一步真的很关键！", nil),
            (.recipe(ids.recipes["pancakes"] ?? 0), "alice", "Made these with @lily, perfect.", nil),
            (.topic(topicIDs.first ?? 0), "meimei", "小火慢炖 40 分钟以上，中途别开盖。", nil),
            (.topic(topicIDs.first ?? 0), "chef_wang", "@meimei 说得对，另外焯水后用温水洗。", 10),
            (.topic(topicIDs.last ?? 0), "chef_wang", "@xiaoming 蛋液里加一点水，油热下锅，七分熟就出锅。", nil),
        ]
        var commentIDs: [Int64] = []
        for (offset, (target, author, text, replyTo)) in thread.enumerated() {
            try c.execute(
                """
                INSERT INTO comments (target_kind, target_id, author_id, text, reply_to_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, target.kind, target.id, ids.user(author), text, replyTo.map { commentIDs[$0] },
                now.addingTimeInterval(-Double(thread.count - offset) * 1200).milliseconds)
            let id = c.lastInsertRowID
            commentIDs.append(id)
            try CommentRepository.insertMentions(
                commentID: id, names: CommentRepository.mentionedNames(in: text), c)
        }
    }

    /// Search history for alice and a week of searches for the popular keywords.
    static func insertSearches(now: Date, ids: DemoIDs, _ c: Connection) throws {
        let curated = ["红烧排骨", "鸡蛋", "家常菜", "早餐", "快手菜", "烘焙", "下饭菜", "减脂", "汤", "pancakes"]
        for (position, keyword) in curated.enumerated() {
            try c.execute(
                "INSERT INTO curated_keywords (position, keyword) VALUES (?, ?)", position, keyword)
        }
        let history = ["糖醋排骨", "pancakes", "鸡蛋羹", "红烧"]
        for keyword in history {
            try c.execute(
                "INSERT INTO search_history (user_id, keyword) VALUES (?, ?)", ids.user("alice"), keyword)
        }
        let log = ["红烧", "鸡蛋", "鸡蛋", "排骨", "鸡蛋", "红烧", "pancakes", "egg"]
        for (offset, keyword) in log.enumerated() {
            try c.execute(
                "INSERT INTO search_log (keyword, searched_at) VALUES (?, ?)",
                keyword, now.addingTimeInterval(-Double(offset + 1) * 3 * 3600).milliseconds)
        }
    }
}
