import Foundation

/// A demo recipe: author, texts, ingredients as (name, amount), steps as text.
struct DemoRecipe {
    var key: String
    var author: String
    var name: String
    var description: String
    var tips: String?
    var ingredients: [(String, String)]
    var steps: [String]
}

extension DemoData {
    /// Twenty recipes; several contain 鸡蛋 / egg and 排骨 / 红烧, so search has work to do.
    static let recipes: [DemoRecipe] = [
        DemoRecipe(
            key: "hongshao-paigu", author: "chef_wang", name: "红烧排骨",
            description: "经典家常菜，酱香浓郁，软烂脱骨。Braised pork ribs in soy sauce.",
            tips: "炒糖色用小火，颜色像红糖水就下排骨。",
            ingredients: [("排骨", "500g"), ("冰糖", "15g"), ("生抽", "2勺"), ("老抽", "1勺"), ("料酒", "1勺"), ("姜", "3片"), ("葱", "2根")],
            steps: ["排骨冷水下锅焯水，撇去浮沫后捞出洗净。", "锅中少油，放冰糖小火炒出糖色。", "下排骨翻炒上色，加葱姜、料酒、生抽、老抽。", "加开水没过排骨，小火炖40分钟，大火收汁。"]),
        DemoRecipe(
            key: "fanqie-chao-jidan", author: "xiaoming", name: "番茄炒鸡蛋 Tomato and Egg Stir-fry",
            description: "国民下饭菜，酸甜可口。The classic tomato and egg stir-fry.",
            tips: "鸡蛋炒到七分熟就盛出，最后回锅才嫩。",
            ingredients: [("番茄", "2个"), ("鸡蛋", "3个"), ("盐", "少许"), ("白糖", "1小勺"), ("葱", "1根")],
            steps: ["番茄切块，鸡蛋加少许盐打散。", "热油炒鸡蛋至凝固，盛出。", "炒番茄出汁，加糖和盐。", "倒回鸡蛋翻匀，撒葱花出锅。"]),
        DemoRecipe(
            key: "jidan-geng", author: "meimei", name: "鸡蛋羹",
            description: "嫩滑如布丁的蒸水蛋。Silky steamed egg custard.",
            tips: "蛋液和温水 1:1.5，过筛后盖保鲜膜再蒸。",
            ingredients: [("鸡蛋", "2个"), ("温水", "150ml"), ("盐", "1g"), ("生抽", "1小勺"), ("香油", "几滴")],
            steps: ["鸡蛋打散，加温水和盐搅匀。", "蛋液过筛，撇去泡沫，盖上保鲜膜。", "水开后中小火蒸10分钟。", "淋生抽和香油即可。"]),
        DemoRecipe(
            key: "hongshao-rou", author: "chef_wang", name: "红烧肉",
            description: "肥而不腻，入口即化的本帮红烧肉。",
            tips: nil,
            ingredients: [("五花肉", "600g"), ("冰糖", "20g"), ("生抽", "2勺"), ("老抽", "1勺"), ("八角", "2个"), ("料酒", "2勺")],
            steps: ["五花肉切块焯水。", "炒糖色后下肉块翻炒。", "加调料和热水，小火炖一小时，收汁。"]),
        DemoRecipe(
            key: "tangcu-paigu", author: "meimei", name: "糖醋排骨",
            description: "酸甜开胃，孩子最爱。Sweet and sour pork ribs.",
            tips: "糖醋汁比例：1料酒2生抽3糖4醋5水。",
            ingredients: [("排骨", "400g"), ("白糖", "3勺"), ("香醋", "4勺"), ("生抽", "2勺"), ("料酒", "1勺"), ("白芝麻", "少许")],
            steps: ["排骨焯水后煎至两面金黄。", "倒入糖醋汁，小火焖25分钟。", "大火收汁，撒白芝麻。"]),
        DemoRecipe(
            key: "gongbao-jiding", author: "chef_wang", name: "宫保鸡丁 Kung Pao Chicken",
            description: "麻辣鲜香的川菜名菜。Sichuan chicken with peanuts and chili.",
            tips: nil,
            ingredients: [("鸡胸肉", "300g"), ("花生米", "50g"), ("干辣椒", "8个"), ("花椒", "1小把"), ("葱", "2根"), ("淀粉", "1勺")],
            steps: ["鸡肉切丁，用淀粉和料酒腌制。", "小火炸花生米至酥脆。", "爆香干辣椒和花椒，下鸡丁炒散。", "倒入碗汁，加花生米翻匀。"]),
        DemoRecipe(
            key: "mapo-doufu", author: "dawei", name: "麻婆豆腐",
            description: "麻、辣、烫、香、酥、嫩。Mapo tofu.",
            tips: "豆腐先用淡盐水焯一下，不易碎。",
            ingredients: [("嫩豆腐", "1块"), ("牛肉末", "100g"), ("郫县豆瓣", "1勺"), ("花椒粉", "少许"), ("蒜", "3瓣")],
            steps: ["豆腐切块，淡盐水焯水。", "炒香肉末和豆瓣酱。", "加水和豆腐煮5分钟，勾芡，撒花椒粉。"]),
        DemoRecipe(
            key: "yuxiang-rousi", author: "chef_wang", name: "鱼香肉丝",
            description: "没有鱼的鱼香味，下饭神器。",
            tips: nil,
            ingredients: [("猪里脊", "250g"), ("木耳", "一小把"), ("胡萝卜", "半根"), ("泡椒", "2勺"), ("香醋", "2勺"), ("白糖", "2勺")],
            steps: ["肉丝上浆，配菜切丝。", "滑炒肉丝后盛出。", "炒香泡椒，下配菜和肉丝，淋鱼香汁。"]),
        DemoRecipe(
            key: "dan-chaofan", author: "tom", name: "蛋炒饭 Egg Fried Rice",
            description: "Leftover rice, two eggs, five minutes. 隔夜饭最香。",
            tips: "Use cold rice from the day before.",
            ingredients: [("米饭", "1碗"), ("鸡蛋", "2个"), ("葱", "1根"), ("盐", "少许"), ("soy sauce", "1 tsp")],
            steps: ["Beat the eggs and scramble them softly.", "Add the rice and break up the clumps.", "Season with salt and soy sauce, finish with scallions."]),
        DemoRecipe(
            key: "xihongshi-jidan-mian", author: "xiaohong", name: "西红柿鸡蛋面",
            description: "一碗热汤面，十分钟上桌。",
            tips: nil,
            ingredients: [("面条", "100g"), ("西红柿", "1个"), ("鸡蛋", "1个"), ("青菜", "2棵")],
            steps: ["西红柿炒出汁加水烧开。", "下面条煮熟，打入鸡蛋。", "加青菜，调味出锅。"]),
        DemoRecipe(
            key: "kele-jichi", author: "lily", name: "可乐鸡翅 Coca-Cola Chicken Wings",
            description: "Sticky, sweet wings everyone can make.",
            tips: "Score the wings so the sauce gets in.",
            ingredients: [("鸡翅中", "10个"), ("可乐", "1罐"), ("生抽", "2勺"), ("姜", "3片")],
            steps: ["Blanch the wings and pat them dry.", "Brown both sides in a pan.", "Pour in the cola and soy sauce; simmer 20 minutes and reduce."]),
        DemoRecipe(
            key: "suanla-tudousi", author: "dawei", name: "酸辣土豆丝",
            description: "脆爽酸辣，最考刀工的家常菜。",
            tips: "土豆丝泡水去淀粉才脆。",
            ingredients: [("土豆", "2个"), ("干辣椒", "3个"), ("白醋", "2勺"), ("花椒", "10粒")],
            steps: ["土豆切细丝，泡水。", "爆香花椒辣椒，大火快炒土豆丝。", "沿锅边淋醋，加盐出锅。"]),
        DemoRecipe(
            key: "qingzheng-luyu", author: "chef_wang", name: "清蒸鲈鱼 Steamed Sea Bass",
            description: "鲜嫩清淡，宴客必备。",
            tips: nil,
            ingredients: [("鲈鱼", "1条"), ("葱", "3根"), ("姜", "5片"), ("蒸鱼豉油", "3勺")],
            steps: ["鱼身划刀，塞入姜片。", "水开后蒸8分钟，倒掉汤汁。", "铺葱丝，淋热油和蒸鱼豉油。"]),
        DemoRecipe(
            key: "jiucai-chao-jidan", author: "xiaohong", name: "韭菜炒鸡蛋",
            description: "春天的味道，三分钟快手菜。",
            tips: nil,
            ingredients: [("韭菜", "1把"), ("鸡蛋", "3个"), ("盐", "少许")],
            steps: ["韭菜切段，鸡蛋打散。", "先炒鸡蛋盛出，再炒韭菜，合炒调味。"]),
        DemoRecipe(
            key: "pancakes", author: "tom", name: "Fluffy Pancakes",
            description: "Weekend breakfast pancakes. 松软早餐松饼。",
            tips: "Do not overmix the batter; lumps are fine.",
            ingredients: [("flour", "200g"), ("milk", "250ml"), ("egg", "1"), ("butter", "30g"), ("baking powder", "2 tsp"), ("sugar", "1 tbsp")],
            steps: ["Whisk the dry ingredients.", "Add milk, the egg and melted butter; stir briefly.", "Cook on a buttered pan until bubbles form, flip once."]),
        DemoRecipe(
            key: "caesar-salad", author: "lily", name: "Caesar Salad",
            description: "Crisp romaine, parmesan and a creamy egg dressing.",
            tips: nil,
            ingredients: [("romaine lettuce", "1 head"), ("parmesan", "40g"), ("egg", "1 yolk"), ("croutons", "1 cup"), ("lemon", "half")],
            steps: ["Whisk the yolk, lemon juice and oil into a dressing.", "Toss the lettuce with the dressing, top with parmesan and croutons."]),
        DemoRecipe(
            key: "pidan-shourou-zhou", author: "meimei", name: "皮蛋瘦肉粥",
            description: "广式早餐粥，绵密鲜香。Century egg and pork congee.",
            tips: nil,
            ingredients: [("大米", "100g"), ("皮蛋", "2个"), ("猪里脊", "100g"), ("姜丝", "少许")],
            steps: ["大米加水煮开转小火熬一小时。", "下肉片和皮蛋丁，煮5分钟，加盐和姜丝。"]),
        DemoRecipe(
            key: "suanrong-xilanhua", author: "alice", name: "蒜蓉西兰花 Garlic Broccoli",
            description: "清爽减脂的快手素菜。",
            tips: "焯水时加几滴油，颜色更绿。",
            ingredients: [("西兰花", "1颗"), ("蒜", "5瓣"), ("蚝油", "1勺")],
            steps: ["西兰花切小朵焯水。", "爆香蒜蓉，下西兰花和蚝油翻炒。"]),
        DemoRecipe(
            key: "congyou-banmian", author: "xiaoming", name: "葱油拌面",
            description: "上海街头味道，葱香扑鼻。",
            tips: nil,
            ingredients: [("面条", "150g"), ("小葱", "一大把"), ("生抽", "2勺"), ("老抽", "1勺"), ("白糖", "1勺")],
            steps: ["小火慢熬葱油至葱段焦黄。", "加生抽老抽和糖熬成酱汁。", "拌入煮好的面条。"]),
        DemoRecipe(
            key: "banana-bread", author: "alice", name: "Banana Bread 香蕉面包",
            description: "Moist loaf for overripe bananas; one bowl, no mixer.",
            tips: "The blacker the bananas, the sweeter the bread.",
            ingredients: [("banana", "3"), ("flour", "190g"), ("egg", "2"), ("butter", "80g"), ("brown sugar", "100g")],
            steps: ["Mash the bananas and mix in melted butter, sugar and eggs.", "Fold in the flour and baking soda.", "Bake at 175°C for 55 minutes."]),
    ]

    static func insertRecipes(now: Date, ids: inout DemoIDs, _ c: Connection) throws {
        for (offset, recipe) in recipes.enumerated() {
            let created = now.addingTimeInterval(-Double(recipes.count - offset) * 7 * 3600)
            let id = try RecipeRepository.insert(
                authorID: ids.user(recipe.author), name: recipe.name,
                description: recipe.description,
                coverURL: "/media/demo/recipes/\(recipe.key).jpg", tips: recipe.tips,
                ingredients: recipe.ingredients.map { Ingredient(name: $0.0, amount: $0.1) },
                steps: recipe.steps.enumerated().map { index, text in
                    (text, index == 0 ? "/media/demo/recipes/\(recipe.key)-step1.jpg" : nil)
                }, createdAt: created, c)
            ids.recipes[recipe.key] = id
        }
        let collections: [(String, String)] = [
            ("alice", "hongshao-paigu"), ("alice", "jidan-geng"), ("alice", "pancakes"),
            ("xiaoming", "hongshao-paigu"), ("meimei", "fanqie-chao-jidan"),
            ("lily", "banana-bread"), ("tom", "banana-bread"), ("xiaohong", "hongshao-rou"),
        ]
        for (offset, (user, recipe)) in collections.enumerated() {
            try c.execute(
                "INSERT INTO collections (user_id, recipe_id, created_at) VALUES (?, ?, ?)",
                ids.user(user), ids.recipes[recipe], now.addingTimeInterval(-Double(60 - offset) * 600).milliseconds)
        }
        // Drafts: one ready to publish, one still missing its steps' text.
        let draftTime = now.addingTimeInterval(-3600).milliseconds
        try c.execute(
            """
            INSERT INTO drafts (author_id, name, description, tips, created_at, updated_at)
            VALUES (?, '奶油蘑菇汤 Cream of Mushroom Soup', 'Creamy, quick and cosy.', NULL, ?, ?)
            """, ids.user("alice"), draftTime, draftTime)
        let soup = c.lastInsertRowID
        for (position, text) in ["Slice the mushrooms and onion.", "Sweat them in butter.", "Add stock and cream; blend."].enumerated() {
            try c.execute(
                "INSERT INTO draft_steps (draft_id, position, text) VALUES (?, ?, ?)", soup, position, text)
        }
        for (position, (name, amount)) in [("mushrooms", "300g"), ("cream", "100ml"), ("onion", "1")].enumerated() {
            try c.execute(
                "INSERT INTO draft_ingredients (draft_id, position, name, amount) VALUES (?, ?, ?, ?)",
                soup, position, name, amount)
        }
        try c.execute(
            """
            INSERT INTO drafts (author_id, name, created_at, updated_at) VALUES (?, '周末炖菜', ?, ?)
            """, ids.user("alice"), draftTime - 86_400_000, draftTime - 86_400_000)
        try c.execute(
            "INSERT INTO draft_steps (draft_id, position, text) VALUES (?, 0, '')", c.lastInsertRowID)
        try c.execute(
            """
            INSERT INTO drafts (author_id, name, created_at, updated_at) VALUES (?, '我的第一道菜', ?, ?)
            """, ids.user("xiaoming"), draftTime, draftTime)
    }
}
