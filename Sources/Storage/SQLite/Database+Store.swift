import Foundation

extension Database: KitchenDatabase {
    /// The database file.
    public var location: String { path }

    /// The SQLite repositories over this file.
    public func repositories(clock: @escaping Clock, cachesReferents: Bool) -> Repositories {
        Repositories(
            users: UserRepository(database: self, clock: clock),
            recipes: RecipeRepository(database: self, clock: clock),
            drafts: DraftRepository(database: self, clock: clock),
            dishes: DishRepository(database: self, clock: clock),
            comments: CommentRepository(database: self, clock: clock),
            forums: ForumRepository(database: self, clock: clock),
            search: SearchRepository(database: self, clock: clock),
            market: MarketRepository(database: self, clock: clock),
            cart: CartRepository(database: self, clock: clock, cachesReferents: cachesReferents),
            addresses: AddressRepository(database: self),
            orders: OrderRepository(database: self, clock: clock),
            basket: BasketRepository(database: self),
            apps: AppRepository(database: self, clock: clock),
            media: MediaRepository(database: self, clock: clock))
    }

    /// Installs the demo data set into an empty file (`DemoData.install`).
    public func installDemoData(hasher: PasswordHasher, now: Date) throws -> Bool {
        try DemoData.install(database: self, hasher: hasher, now: now)
    }

    /// Polls the `events` table of this file (`EventPoller`).
    public func startEventFeed(
        interval: Duration, deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws -> any EventFeed {
        try EventPoller(path: path, interval: interval, deliver: deliver)
    }

    /// The folder beside the file: `kitchen.sqlite` → `kitchen.sqlite.media/`.
    public var mediaFolderPath: String { path + ".media" }
}

extension EventPoller: EventFeed {}
