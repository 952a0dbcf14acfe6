import Foundation

/// The ids and sizes of one scale seed: every table continues after its current largest id,
/// so rows can be written with explicit ids and refer to each other without reading back.
struct ScalePlan {
    let scale: Int
    let now: Date
    let users: Int
    let shops: Int
    let goods: Int
    let userBase: Int64
    let recipeBase: Int64
    let dishBase: Int64
    let commentBase: Int64
    let shopBase: Int64
    let goodsBase: Int64
    let runTag: Int64

    init(scale: Int, now: Date, _ c: Connection) throws {
        func next(_ table: String) throws -> Int64 {
            (try c.queryFirst("SELECT coalesce(max(id), 0) + 1 FROM \(table)") { $0.int64(0) }) ?? 1
        }
        self.scale = scale
        self.now = now
        users = max(scale / 10, 10)
        shops = max(scale / 500, 4)
        goods = max(scale / 20, 8)
        userBase = try next("users")
        recipeBase = try next("recipes")
        dishBase = try next("dishes")
        commentBase = try next("comments")
        shopBase = try next("shops")
        goodsBase = try next("goods")
        runTag = userBase
    }

    func user(_ random: inout SeededRandom) -> Int64 { userBase + Int64(random.below(users)) }

    /// Users with one shared password hash, and 10 follows each.
    func insertUsers(passwordHash: String, random: inout SeededRandom, _ c: Connection) throws {
        let insert = try BulkInsert(
            """
            INSERT INTO users (id, username, name, password_hash, avatar_url, is_member, joined_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, c)
        let search = try BulkInsert(
            "INSERT INTO user_search (rowid, name, username) VALUES (?, kitchen_search_text(?), ?)", c)
        let nameSearch = try BulkInsert(
            "INSERT INTO user_name_search (rowid, name) VALUES (?, kitchen_search_text(?))", c)
        let surnames = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"]
        let given = ["小明", "美美", "大伟", "小红", "建国", "丽丽", "Alex", "Sam", "Jamie", "Lee"]
        for n in 0..<users {
            let id = userBase + Int64(n)
            let username = "u\(runTag)_\(n)"
            let name = random.pick(surnames) + random.pick(given)
            try insert.run(
                id, username, name, passwordHash, "/media/demo/avatars/\(n % 50).jpg", n % 7 == 0,
                now.addingTimeInterval(-Double(users - n) * 600).milliseconds)
            try search.run(id, name, username)
            try nameSearch.run(id, name)
        }
        let follow = try BulkInsert(
            """
            INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)
            """, c)
        for n in 0..<users {
            let follower = userBase + Int64(n)
            for k in 0..<10 {
                let followee = user(&random)
                if followee != follower {
                    try follow.run(follower, followee, now.addingTimeInterval(-Double(k * 60 + n)).milliseconds)
                }
            }
        }
    }
}
