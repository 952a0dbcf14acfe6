import Foundation

/// A demo goods: key, shop key, texts, kinds, attributes, image count.
struct DemoGoods {
    var key: String
    var shop: String
    var name: String
    var foreword: String
    var kinds: [NewKind]
    var attributes: [(String, String)] = []
    var sales: Int = 0
}

extension DemoData {
    /// Shops with and without free-shipping thresholds, and the lunch restaurant (cents).
    static let shops: [(key: String, name: String, announcement: String, fee: Int, threshold: Int?)] = [
        ("fruit", "鲜果园 Fresh Orchard", "满99元包邮 · Free shipping from ¥99", 800, 9900),
        ("butcher", "老王肉铺 Wang's Butcher", "冷链配送，满199元包邮", 1200, 19900),
        ("kitchenware", "好锅厨具 Good Pan", "每单运费10元，不包邮 · Flat ¥10 shipping", 1000, nil),
        ("pantry", "粮油小铺 Pantry", "满59元包邮", 600, 5900),
        ("lunch", "午餐小厨 Lunch Kitchen", "每天 10:30 前下单，12:00 送达", 0, nil),
    ]

    static let goods: [DemoGoods] = [
        DemoGoods(key: "strawberry", shop: "fruit", name: "丹东草莓 Dandong Strawberries", foreword: "酸甜多汁，当天采摘",
                  kinds: [NewKind(name: "500g", price: 3990, originalPrice: 4990, stock: 40), NewKind(name: "1kg", price: 6990, originalPrice: 8990, memberPrice: 6490, stock: 12)],
                  attributes: [("产地", "辽宁丹东"), ("储存", "0-4°C 冷藏")], sales: 812),
        DemoGoods(key: "tomato", shop: "fruit", name: "番茄 Tomatoes", foreword: "炒鸡蛋的最佳搭档",
                  kinds: [NewKind(name: "1kg", price: 990, stock: 100)], attributes: [("产地", "山东寿光")], sales: 2301),
        DemoGoods(key: "mango", shop: "fruit", name: "海南芒果 Hainan Mango", foreword: "限量，卖完即止",
                  kinds: [NewKind(name: "2.5kg", price: 5990, originalPrice: 6990, stock: 1)], sales: 95),
        DemoGoods(key: "durian", shop: "fruit", name: "金枕榴莲 Durian", foreword: "今日已售罄 Sold out today",
                  kinds: [NewKind(name: "整个 ~3kg", price: 19900, stock: 0)], sales: 40),
        DemoGoods(key: "ribs", shop: "butcher", name: "黑猪肋排 Pork Ribs", foreword: "做红烧排骨、糖醋排骨",
                  kinds: [NewKind(name: "500g", price: 4990, originalPrice: 5990, memberPrice: 4590, stock: 30), NewKind(name: "1kg", price: 9580, originalPrice: 11980, memberPrice: 8980, stock: 8)],
                  attributes: [("部位", "肋排"), ("规格", "切段"), ("保存", "-18°C 冷冻")], sales: 1520),
        DemoGoods(key: "pork-belly", shop: "butcher", name: "五花肉 Pork Belly", foreword: "肥瘦相间，红烧肉专用",
                  kinds: [NewKind(name: "500g", price: 3590, memberPrice: 3290, stock: 25)], sales: 980),
        DemoGoods(key: "chicken-wings", shop: "butcher", name: "鸡翅中 Chicken Wings", foreword: "可乐鸡翅必备",
                  kinds: [NewKind(name: "500g", price: 2990, originalPrice: 3290, stock: 60), NewKind(name: "1kg", price: 5690, originalPrice: 6580, stock: 20), NewKind(name: "2kg 家庭装", price: 10990, stock: 5)], sales: 640),
        DemoGoods(key: "wok", shop: "kitchenware", name: "铸铁炒锅 Cast-iron Wok", foreword: "无涂层，越用越好用",
                  kinds: [NewKind(name: "30cm", price: 25900, originalPrice: 32900, stock: 10), NewKind(name: "32cm", price: 27900, originalPrice: 35900, stock: 1)],
                  attributes: [("材质", "铸铁"), ("适用", "燃气灶 / 电磁炉"), ("重量", "2.1kg")], sales: 233),
        DemoGoods(key: "steamer", shop: "kitchenware", name: "竹蒸笼 Bamboo Steamer", foreword: "蒸鸡蛋羹、包子",
                  kinds: [NewKind(name: "两层 26cm", price: 8900, stock: 15)], sales: 120),
        DemoGoods(key: "knife", shop: "kitchenware", name: "中式菜刀 Chinese Cleaver", foreword: "切丝切片一刀搞定",
                  kinds: [NewKind(name: "标准款", price: 12900, stock: 0), NewKind(name: "轻薄款", price: 9900, stock: 7)], sales: 310),
        DemoGoods(key: "rice", shop: "pantry", name: "五常大米 Wuchang Rice", foreword: "新米上市",
                  kinds: [NewKind(name: "5kg", price: 6990, originalPrice: 7990, memberPrice: 6590, stock: 50)], sales: 3100),
        DemoGoods(key: "soy-sauce", shop: "pantry", name: "特级生抽 Light Soy Sauce", foreword: "酿造 180 天",
                  kinds: [NewKind(name: "500ml", price: 1290, stock: 200), NewKind(name: "1.9L", price: 3590, originalPrice: 3990, stock: 40)], sales: 5400),
        DemoGoods(key: "eggs", shop: "pantry", name: "土鸡蛋 Free-range Eggs", foreword: "农家散养",
                  kinds: [NewKind(name: "10枚", price: 1990, originalPrice: 2590, memberPrice: 1790, stock: 80), NewKind(name: "30枚", price: 5490, originalPrice: 6990, stock: 20)], sales: 4100),
        DemoGoods(key: "rock-sugar", shop: "pantry", name: "老冰糖 Rock Sugar", foreword: "炒糖色专用",
                  kinds: [NewKind(name: "400g", price: 890, stock: 90)], sales: 760),
    ]

    /// The lunch menu: day, main dish, soup, price, member price (cents).
    static let lunch: [(LunchDay, String, String, Int, Int)] = [
        (.monday, "红烧排骨饭 Braised Ribs Rice", "紫菜蛋花汤", 3200, 2800),
        (.monday, "番茄炒蛋饭 Tomato Egg Rice", "冬瓜汤", 2200, 1900),
        (.tuesday, "宫保鸡丁饭 Kung Pao Chicken Rice", "酸辣汤", 2800, 2500),
        (.tuesday, "麻婆豆腐饭 Mapo Tofu Rice", "青菜豆腐汤", 2300, 2000),
        (.wednesday, "鱼香肉丝饭 Yuxiang Pork Rice", "玉米排骨汤", 2700, 2400),
        (.wednesday, "蒜蓉西兰花饭 Garlic Broccoli Rice (veg)", "番茄蛋汤", 2000, 1800),
        (.thursday, "红烧肉饭 Braised Pork Belly Rice", "海带汤", 3000, 2600),
        (.thursday, "可乐鸡翅饭 Cola Wings Rice", "罗宋汤", 2900, 2500),
        (.friday, "清蒸鲈鱼套餐 Steamed Sea Bass Set", "豆腐鱼头汤", 3800, 3300),
        (.friday, "葱油拌面 Scallion Oil Noodles", "小馄饨", 1800, 1500),
        (.weekend, "周末家庭套餐 Weekend Family Set", "老鸭汤", 8800, 7800),
        (.weekend, "Brunch: Pancakes & Eggs", "Mushroom soup", 3500, 3000),
    ]

    static func insertMarket(now: Date, ids: inout DemoIDs, _ c: Connection) throws {
        for shop in shops {
            try c.execute(
                """
                INSERT INTO shops (name, logo_url, announcement, shipping_fee_cents,
                    free_shipping_threshold_cents) VALUES (?, ?, ?, ?, ?)
                """, shop.name, "/media/demo/shops/\(shop.key).png", shop.announcement, shop.fee,
                shop.threshold)
            ids.shops[shop.key] = c.lastInsertRowID
        }
        for (offset, item) in goods.enumerated() {
            let id = try MarketRepository.insertGoods(
                shopID: ids.shops[item.shop] ?? 0, name: item.name, foreword: item.foreword,
                description: "\(item.name)。\(item.foreword)。", soup: nil, listed: true,
                images: (1...3).map { Photo(url: "/media/demo/goods/\(item.key)-\($0).jpg", width: 800, height: 800) },
                attributes: item.attributes.map { GoodsAttribute(name: $0.0, value: $0.1) },
                kinds: item.kinds, salesCount: item.sales,
                createdAt: now.addingTimeInterval(-Double(goods.count - offset) * 86400), c)
            ids.goods[item.key] = id
            ids.kinds[item.key] = try c.query(
                "SELECT id FROM kinds WHERE goods_id = ? ORDER BY position", id) { $0.int64(0) }
        }
        try insertReviews(now: now, ids: ids, c)
        for (offset, (_, name, soup, price, member)) in lunch.enumerated() {
            let id = try MarketRepository.insertGoods(
                shopID: ids.shops["lunch"] ?? 0, name: name, foreword: "含 \(soup)",
                description: "\(name)，配\(soup)和米饭。", soup: soup, listed: false,
                images: [Photo(url: "/media/demo/lunch/\(offset + 1).jpg", width: 1200, height: 800)],
                attributes: [], kinds: [NewKind(name: "一份", price: price, originalPrice: price + 500, memberPrice: member, stock: 50)],
                salesCount: 20 + offset * 7, createdAt: now.addingTimeInterval(-86400), c)
            ids.goods["lunch-\(offset)"] = id
            ids.kinds["lunch-\(offset)"] = [try c.queryFirst("SELECT id FROM kinds WHERE goods_id = ?", id) { $0.int64(0) } ?? 0]
        }
        for day in LunchDay.allCases {
            let items = lunch.enumerated().filter { $0.element.0 == day }.compactMap { ids.goods["lunch-\($0.offset)"] }
            try AppRepository.setLunchMenu(day: day, goodsIDs: items, now: now.addingTimeInterval(-2 * 3600), c)
        }
    }

    static func insertReviews(now: Date, ids: DemoIDs, _ c: Connection) throws {
        let reviews: [(String, String, Int, String, Int, Int)] = [
            ("strawberry", "alice", 5, "Very sweet, arrived cold and perfect.", 2, 1),
            ("strawberry", "meimei", 4, "很甜，个头稍小。", 0, 0),
            ("strawberry", "tom", 3, "A few were bruised.", 1, 0),
            ("ribs", "chef_wang", 5, "肉质好，做红烧排骨一流。", 3, 1),
            ("ribs", "xiaoming", 5, "第一次网上买肉，很新鲜。", 0, 0),
            ("wok", "lily", 5, "Heavy but heats evenly. Seasoned it twice before use.", 1, 0),
            ("wok", "dawei", 4, "有点重，炒菜很香。", 0, 1),
            ("eggs", "xiaohong", 5, "蛋黄很黄，蒸鸡蛋羹特别嫩。", 2, 0),
            ("eggs", "alice", 4, "Good eggs, one cracked in delivery.", 0, 1),
            ("rice", "meimei", 5, "煮出来很香。", 0, 0),
        ]
        for (offset, (goodsKey, author, rating, text, photoCount, kindIndex)) in reviews.enumerated() {
            let kindName = try c.queryFirst(
                "SELECT name FROM kinds WHERE id = ?", ids.kinds[goodsKey]?[kindIndex] ?? 0) { $0.string(0) }
            _ = try MarketRepository.insertReview(
                goodsID: ids.goods[goodsKey] ?? 0, authorID: ids.user(author), rating: rating, text: text,
                photos: (0..<photoCount).map { Photo(url: "/media/demo/reviews/\(offset + 1)-\($0 + 1).jpg", width: 800, height: 600) },
                kindName: kindName, createdAt: now.addingTimeInterval(-Double(reviews.count - offset) * 86400 / 2), c)
        }
    }

    static func insertApps(now: Date, ids: DemoIDs, _ c: Connection) throws {
        let releases: [(AppName, String, [(String, String)])] = [
            (.kitchen, "2.3.0", [
                ("/media/demo/onboarding/kitchen-1.png", "菜篮子上线：一键把食谱变成购物清单 · The basket turns recipes into a shopping list"),
                ("/media/demo/onboarding/kitchen-2.png", "草稿自动保存，换手机也不丢 · Drafts save themselves"),
                ("/media/demo/onboarding/kitchen-3.png", "搜索支持中文词语 · Search understands Chinese words"),
            ]),
            (.lunch, "1.10.0", [
                ("/media/demo/onboarding/lunch-1.png", "会员价午餐 · Member prices every day"),
                ("/media/demo/onboarding/lunch-2.png", "午餐提醒 · Lunch reminders"),
            ]),
        ]
        for (app, version, pages) in releases {
            try Bounds.check(pages.count, atMost: Bounds.onboardingPages, "onboarding pages", of: "A release")
            try c.execute("INSERT INTO app_releases (app, latest_version) VALUES (?, ?)", app.rawValue, version)
            for (position, (image, title)) in pages.enumerated() {
                try c.execute(
                    "INSERT INTO onboarding_pages (app, position, image_url, title) VALUES (?, ?, ?, ?)",
                    app.rawValue, position, image, title)
            }
        }
    }
}
