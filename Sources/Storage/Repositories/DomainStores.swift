import Foundation

/// Every store of the domain in one value, for the App to hold: built on SQLite by
/// `init(database:clock:)`, or from any other implementations of the store protocols.
public struct DomainStores: Sendable {
    public let users: any UserStore
    public let recipes: any RecipeStore
    public let drafts: any DraftStore
    public let dishes: any DishStore
    public let comments: any CommentStore
    public let forums: any ForumStore
    public let search: any SearchStore
    public let market: any MarketStore
    public let carts: any CartStore
    public let addresses: any AddressStore
    public let orders: any OrderStore
    public let baskets: any BasketStore
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
