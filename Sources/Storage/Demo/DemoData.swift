import Foundation

/// The demo data set a fresh database gets: people, recipes, dishes, comments, forums,
/// shops, goods, a lunch menu, carts, addresses, orders and a basket, in Chinese and English.
///
/// Every demo account signs in with `DemoData.password`; the list is in `DemoData.accounts`
/// (and the README). Installing is a no-op on a database that already has users.
public enum DemoData {
    /// The password of every demo account.
    public static let password = "kitchen-demo"

    /// A demo account: sign-in name, display name, and whether it is a lunch member.
    public struct Account: Sendable, Hashable {
        /// The sign-in name.
        public var username: String
        /// The name shown to people.
        public var name: String
        /// Whether the user is a lunch member and pays member prices.
        public var isMember: Bool
        /// A short self-description.
        public var bio: String
    }

    /// The demo accounts, in the order they are created.
    public static let accounts: [Account] = [
        Account(username: "alice", name: "Alice Chen", isMember: true, bio: "Home cook in Shanghai; loves baking and lunch deals."),
        Account(username: "xiaoming", name: "小明", isMember: false, bio: "大学生，只会做番茄炒蛋。"),
        Account(username: "meimei", name: "美美", isMember: true, bio: "爱吃爱做，蒸菜达人。"),
        Account(username: "chef_wang", name: "王师傅", isMember: false, bio: "二十年川菜、本帮菜厨师。"),
        Account(username: "lily", name: "Lily Zhang", isMember: false, bio: "Salads, wings and weekend brunch."),
        Account(username: "dawei", name: "大伟", isMember: false, bio: "下饭菜爱好者。"),
        Account(username: "tom", name: "Tom Baker", isMember: false, bio: "Breakfast first. Pancakes always."),
        Account(username: "xiaohong", name: "小红", isMember: true, bio: "上班族，快手菜收集者。"),
    ]

    /// Who follows whom, by username.
    static let follows: [(String, String)] = [
        ("alice", "xiaoming"), ("alice", "chef_wang"), ("alice", "meimei"), ("alice", "lily"),
        ("xiaoming", "alice"), ("xiaoming", "chef_wang"), ("meimei", "alice"),
        ("meimei", "chef_wang"), ("chef_wang", "meimei"), ("lily", "alice"), ("lily", "tom"),
        ("dawei", "chef_wang"), ("tom", "lily"), ("tom", "alice"), ("xiaohong", "meimei"),
        ("xiaohong", "xiaoming"), ("xiaohong", "alice"),
    ]

    /// Creates the demo data set unless the database already has users.
    ///
    /// The password is hashed once with `hasher` and the hash shared by every account
    /// (argon2id is slow on purpose). Returns whether anything was installed.
    @discardableResult
    public static func install(
        database: Database, hasher: PasswordHasher, now: Date = Date()
    ) throws -> Bool {
        let empty = try database.read { c in
            try c.queryFirst("SELECT count(*) FROM users") { $0.int(0) } == 0
        }
        guard empty else { return false }
        let passwordHash = try hasher.hash(password)
        var ids = DemoIDs()
        try database.write { c in
            try insertPeople(passwordHash: passwordHash, now: now, ids: &ids, c)
            try insertRecipes(now: now, ids: &ids, c)
            try insertCommunity(now: now, ids: &ids, c)
            try insertMarket(now: now, ids: &ids, c)
            try insertApps(now: now, ids: ids, c)
        }
        try insertShopping(database: database, now: now, ids: ids)
        return true
    }

    static func insertPeople(
        passwordHash: String, now: Date, ids: inout DemoIDs, _ c: Connection
    ) throws {
        for (offset, account) in accounts.enumerated() {
            let joined = now.addingTimeInterval(-Double(400 - offset * 30) * 86400)
            try c.execute(
                """
                INSERT INTO users (username, name, password_hash, avatar_url, bio, is_member, joined_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, account.username, account.name, passwordHash,
                "/media/demo/avatars/\(account.username).jpg", account.bio, account.isMember,
                joined.milliseconds)
            let id = c.lastInsertRowID
            ids.users[account.username] = id
            try UserRepository.index(userID: id, name: account.name, username: account.username, c)
        }
        try c.execute(
            """
            UPDATE users SET gender = 'FEMALE', profession = 'Product designer',
                birthday = '1994-05-12', hometown = '杭州 Hangzhou', current_location = '上海 Shanghai'
            WHERE username = 'alice'
            """)
        try c.execute(
            """
            UPDATE users SET gender = 'MALE', profession = '厨师', hometown = '成都',
                current_location = '上海' WHERE username = 'chef_wang'
            """)
        for (offset, (follower, followee)) in follows.enumerated() {
            try c.execute(
                "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                ids.user(follower), ids.user(followee),
                now.addingTimeInterval(-Double(200 - offset) * 3600).milliseconds)
        }
    }
}

/// Row ids of the demo objects, by a name the demo content uses.
struct DemoIDs {
    var users: [String: Int64] = [:]
    var recipes: [String: Int64] = [:]
    var dishes: [Int64] = []
    var shops: [String: Int64] = [:]
    var goods: [String: Int64] = [:]
    var kinds: [String: [Int64]] = [:]

    func user(_ username: String) -> Int64 { users[username] ?? 0 }
}
