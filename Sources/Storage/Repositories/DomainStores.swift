import Foundation

/// Every store of the domain in one value, for the App to hold: built on SQLite by
/// `init(database:clock:)`, or from any other implementations of the store protocols.
public struct DomainStores: Sendable {
    /// Accounts, profiles, follows, settings.
    public let users: any UserStore
    /// Published recipes and collections.
    public let recipes: any RecipeStore
    /// Recipe drafts.
    public let drafts: any DraftStore
    /// Dishes, likes and the feed.
    public let dishes: any DishStore
    /// Comments and mentions.
    public let comments: any CommentStore
    /// Forums and topics.
    public let forums: any ForumStore
    /// Search, history and popular keywords.
    public let search: any SearchStore
    /// Shops, goods, kinds and reviews.
    public let market: any MarketStore
    /// Carts.
    public let carts: any CartStore
    /// Addresses.
    public let addresses: any AddressStore
    /// Previews and orders.
    public let orders: any OrderStore
    /// Baskets.
    public let baskets: any BasketStore
    /// Lunch menu and app configuration.
    public let apps: any AppStore

    /// The SQLite stores over one database; `clock` says what "now" is (tests pin it).
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        users = UserRepository(database: database, clock: clock)
        recipes = RecipeRepository(database: database, clock: clock)
        drafts = DraftRepository(database: database, clock: clock)
        dishes = DishRepository(database: database, clock: clock)
        comments = CommentRepository(database: database, clock: clock)
        forums = ForumRepository(database: database, clock: clock)
        search = SearchRepository(database: database, clock: clock)
        market = MarketRepository(database: database, clock: clock)
        carts = CartRepository(database: database, clock: clock)
        addresses = AddressRepository(database: database)
        orders = OrderRepository(database: database, clock: clock)
        baskets = BasketRepository(database: database)
        apps = AppRepository(database: database, clock: clock)
    }
}
