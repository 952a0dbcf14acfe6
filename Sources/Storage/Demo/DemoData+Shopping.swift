import Foundation

extension DemoData {
    /// Addresses, past orders, carts, a basket and settings, made through the repositories
    /// so that they follow every rule.
    ///
    /// alice (a member) gets a cart across five shops: 鲜果园 with a deselected last-unit
    /// mango and a selected subtotal below its free-shipping threshold; 老王肉铺 with member
    /// prices and crossed-out prices above its threshold (free shipping); 好锅厨具, which never
    /// ships free, with the last 32cm wok; 粮油小铺 with two units of one line below its
    /// threshold; and a lunch dish, so the menu shows `viewerCartQuantity`.
    static func insertShopping(database: Database, now: Date, ids: DemoIDs) throws {
        let past: Clock = { now.addingTimeInterval(-3 * 86400) }
        let addresses = AddressRepository(database: database)
        let carts = CartRepository(database: database, clock: { now })
        let orders = OrderRepository(database: database, clock: past)
        let alice = ids.user("alice")
        _ = try addresses.addAddress(
            userID: alice,
            AddressSnapshot(name: "Alice Chen", phone: "13912345678", region: "上海市 浦东新区", detail: "张江路 88 号 3 楼 (office)"))
        let home = try addresses.addAddress(
            userID: alice,
            AddressSnapshot(name: "陈爱丽", phone: "13800138000", region: "上海市 徐汇区", detail: "天钥桥路 100 弄 5 号 502 室"))
        _ = try orders.placeOrder(
            userID: alice, addressID: home.id, idempotencyKey: "demo-alice-order-1", note: "放门口即可",
            source: .buyNow(goodsID: ids.goods["rice"] ?? 0, kindID: nil, quantity: 1))
        _ = try OrderRepository(database: database, clock: { now.addingTimeInterval(-86400) }).placeOrder(
            userID: alice, addressID: home.id, idempotencyKey: "demo-alice-lunch-1", note: "不要辣",
            source: .buyNow(goodsID: ids.goods["lunch-8"] ?? 0, kindID: nil, quantity: 2))

        func add(_ key: String, kind: Int = 0, _ quantity: Int, for user: Int64 = alice) throws -> Cart {
            try carts.addToCart(
                userID: user, goodsID: ids.goods[key] ?? 0, kindID: ids.kinds[key]?[kind],
                quantity: quantity)
        }
        _ = try add("strawberry", 1)
        _ = try add("tomato", 2)
        let withMango = try add("mango", 1)
        if let mango = withMango.lines.last {
            _ = try carts.setItemSelected(userID: alice, itemID: mango.id, selected: false)
        }
        _ = try add("ribs", kind: 1, 2)
        _ = try add("pork-belly", 1)
        _ = try add("steamer", 1)
        _ = try add("wok", kind: 1, 1)
        _ = try add("eggs", 2)
        _ = try add("soy-sauce", 1)
        _ = try add("lunch-0", 1)

        let xiaoming = ids.user("xiaoming")
        _ = try addresses.addAddress(
            userID: xiaoming,
            AddressSnapshot(name: "小明", phone: "13700001111", region: "北京市 海淀区", detail: "学院路 1 号 6 号楼 302"))
        _ = try add("tomato", 1, for: xiaoming)
        _ = try add("eggs", kind: 1, 1, for: xiaoming)

        let baskets = BasketRepository(database: database)
        for key in ["fanqie-chao-jidan", "jidan-geng", "dan-chaofan"] {
            _ = try baskets.addRecipe(userID: alice, recipeID: ids.recipes[key] ?? 0)
        }
        _ = try baskets.setPurchased(userID: alice, name: "鸡蛋", purchased: true)
        _ = try baskets.setPurchased(userID: alice, name: "盐", purchased: true)

        _ = try UserRepository(database: database).updateSettings(
            userID: alice,
            SettingsChange(lunchReminderEnabled: true, lunchReminderTime: "11:15", pushEnabled: true))
    }
}
