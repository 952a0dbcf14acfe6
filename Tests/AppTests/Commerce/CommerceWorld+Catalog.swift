import Foundation
import Storage

extension CommerceWorld {
    /// The shops and goods every commerce test starts with (money in cents).
    ///
    /// | shop | shipping | free from |
    /// | --- | --- | --- |
    /// | fruit 鲜果园 | 8.00 | 99.00 |
    /// | meat 老王肉铺 | 10.00 | 50.00 |
    /// | pans 好锅厨具 | 15.00 | never |
    /// | grain 粮油小铺 | 6.00 | 88.00 |
    /// | lunch 午餐厨房 | 0.00 | never |
    static func makeCatalog(_ stores: Repositories) throws -> Catalog {
        let market = stores.market
        var catalog = Catalog()
        func shop(_ key: String, _ name: String, fee: Int, freeFrom: Int?) throws {
            catalog.shops[key] = try market.createShop(
                name: name, logoURL: "https://img.example/\(key).png", announcement: "\(name) 欢迎您",
                shippingFee: fee, freeShippingThreshold: freeFrom
            ).id
        }
        func goods(
            _ key: String, shop: String, soup: String? = nil, listed: Bool = true,
            kinds: [(key: String, kind: NewKind)]
        ) throws {
            let made = try market.createGoods(
                shopID: catalog.shops[shop] ?? 0, name: key, foreword: "\(key) foreword",
                description: "About \(key)", soup: soup, listed: listed,
                images: [Photo(url: "https://img.example/\(key)-1.jpg", width: 800, height: 600)],
                attributes: [GoodsAttribute(name: "产地", value: "上海")],
                kinds: kinds.map(\.kind), salesCount: 0)
            catalog.goods[key] = made.id
            let madeKinds = try market.kinds(goodsIDs: [made.id])[made.id] ?? []
            for (kind, stored) in zip(kinds, madeKinds) { catalog.kinds[kind.key] = stored.id }
        }
        try shop("fruit", "鲜果园", fee: 800, freeFrom: 9900)
        try shop("meat", "老王肉铺", fee: 1000, freeFrom: 5000)
        try shop("pans", "好锅厨具", fee: 1500, freeFrom: nil)
        try shop("grain", "粮油小铺", fee: 600, freeFrom: 8800)
        try shop("lunch", "午餐厨房", fee: 0, freeFrom: nil)

        try goods("apple", shop: "fruit", kinds: [
            ("apple-1kg", NewKind(name: "1kg", price: 1990, originalPrice: 2590, stock: 1000))
        ])
        try goods("strawberry", shop: "fruit", kinds: [
            ("strawberry-250g", NewKind(name: "250g", price: 2500, stock: 100)),
            ("strawberry-500g", NewKind(name: "500g", price: 4600, originalPrice: 5000, stock: 5)),
        ])
        try goods("ribs", shop: "meat", kinds: [
            ("ribs-500g", NewKind(name: "500g", price: 4500, originalPrice: 5200, memberPrice: 3990, stock: 50))
        ])
        try goods("wok", shop: "pans", kinds: [
            ("wok-32cm", NewKind(name: "32cm", price: 19900, stock: 3))
        ])
        try goods("rice", shop: "grain", kinds: [
            ("rice-5kg", NewKind(name: "5kg", price: 3990, originalPrice: 4590, stock: 1000))
        ])
        try goods("contested", shop: "grain", kinds: [
            ("contested-1", NewKind(name: "last batch", price: 100, stock: 10))
        ])
        try goods("bulk", shop: "grain", kinds: [
            ("bulk-1", NewKind(name: "unit", price: 10, stock: 100_000))
        ])
        let days: [LunchDay] = LunchDay.allCases
        let apps = stores.apps
        for (index, day) in days.enumerated() {
            var ids: [Int64] = []
            for dish in 0..<2 {
                let key = "lunch-\(day.rawValue.lowercased())-\(dish)"
                try goods(key, shop: "lunch", soup: "例汤 \(index)-\(dish)", listed: false, kinds: [
                    ("\(key)-set", NewKind(name: "套餐", price: 2800, originalPrice: 3200, memberPrice: 2200, stock: 200))
                ])
                ids.append(catalog.goods[key] ?? 0)
            }
            try apps.setLunchMenu(day: day, goodsIDs: ids)
        }
        try apps.setRelease(
            app: .lunch, latestVersion: "1.10.0",
            pages: [
                OnboardingPage(imageURL: "https://img.example/onboarding-1.png", title: "会员价午餐"),
                OnboardingPage(imageURL: "https://img.example/onboarding-2.png", title: "提醒我点餐"),
            ])
        return catalog
    }
}
