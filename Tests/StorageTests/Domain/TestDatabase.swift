import Foundation
import Testing

@testable import Storage

/// A fresh database file with the domain schema in its own temporary directory.
final class TestDatabase: @unchecked Sendable {
    let directory: URL
    let database: Database
    /// A settable clock: every read advances it by one millisecond so rows never tie
    /// unless a test pins the time.
    let now = ManualClock()

    /// A fresh database brought up to `migrations` (all of them unless a test needs an
    /// older schema).
    init(migrations: [Migration] = DomainMigrations.all) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-domain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database.open(
            path: directory.appendingPathComponent("test.sqlite").path,
            migrations: migrations)
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    var clock: Clock { { [now] in now.tick() } }
    var users: UserRepository { UserRepository(database: database, clock: clock) }
    var recipes: RecipeRepository { RecipeRepository(database: database, clock: clock) }
    var drafts: DraftRepository { DraftRepository(database: database, clock: clock) }
    var dishes: DishRepository { DishRepository(database: database, clock: clock) }
    var comments: CommentRepository { CommentRepository(database: database, clock: clock) }
    var forums: ForumRepository { ForumRepository(database: database, clock: clock) }
    var search: SearchRepository { SearchRepository(database: database, clock: clock) }

    /// Makes a user with a throwaway password hash.
    func user(_ username: String, member: Bool = false) throws -> User {
        try users.createUser(
            username: username, name: username.capitalized, passwordHash: "x", isMember: member)
    }

    /// Publishes a recipe through a draft.
    func recipe(
        _ name: String, by author: User, ingredients: [Ingredient] = [], description: String? = nil
    ) throws -> Recipe {
        let draft = try drafts.createDraft(authorID: author.id, name: name)
        _ = try drafts.updateDraft(id: draft.id, authorID: author.id, DraftChange(description: .some(description)))
        _ = try drafts.addStep(draftID: draft.id, authorID: author.id, at: nil)
        _ = try drafts.updateStep(
            draftID: draft.id, authorID: author.id, index: 0, StepChange(text: "Cook it."))
        _ = try drafts.setIngredients(draftID: draft.id, authorID: author.id, ingredients)
        return try drafts.publishDraft(id: draft.id, authorID: author.id)
    }
}

/// A clock tests move by hand; each reading is one millisecond after the previous one.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_780_000_000)

    func tick() -> Date {
        lock.lock()
        defer { lock.unlock() }
        current = current.addingTimeInterval(0.001)
        return current
    }

    func set(_ date: Date) {
        lock.lock()
        defer { lock.unlock() }
        current = date
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current = current.addingTimeInterval(seconds)
    }
}

extension TestDatabase {
    var market: MarketRepository { MarketRepository(database: database, clock: clock) }
    var carts: CartRepository { CartRepository(database: database, clock: clock) }
    var addresses: AddressRepository { AddressRepository(database: database) }
    var orders: OrderRepository { OrderRepository(database: database, clock: clock) }
    var baskets: BasketRepository { BasketRepository(database: database) }
    var apps: AppRepository { AppRepository(database: database, clock: clock) }

    /// A goods with the given kinds in a new or given shop.
    func goods(
        _ name: String, shop: Shop? = nil, kinds: [NewKind]
    ) throws -> (shop: Shop, goods: Goods, kinds: [Kind]) {
        let shop = try shop ?? market.createShop(name: "\(name) shop", shippingFee: 800)
        let goods = try market.createGoods(shopID: shop.id, name: name, kinds: kinds)
        return (shop, goods, try market.kinds(goodsIDs: [goods.id])[goods.id] ?? [])
    }

    /// A valid address input.
    func addressInput(_ name: String = "王小明") -> AddressSnapshot {
        AddressSnapshot(name: name, phone: "13800138000", region: "上海市 浦东新区", detail: "世纪大道 1 号")
    }
}
