import Storage

/// Every repository over one database, built once at start and shared by all requests.
///
/// A class: every request's context holds it, and a struct of some thirty references cost
/// thirty retains and releases each time a context was copied (twice a request).
final class Store: Sendable {
    let database: Database
    let users: UserRepository
    let recipes: RecipeRepository
    let drafts: DraftRepository
    let dishes: DishRepository
    let comments: CommentRepository
    let forums: ForumRepository
    let search: SearchRepository
    let market: MarketRepository
    let cart: CartRepository
    let addresses: AddressRepository
    let orders: OrderRepository
    let basket: BasketRepository
    let apps: AppRepository
    let media: MediaRepository
    /// Uploaded pictures on disk, beside the database file.
    let mediaFolder: MediaFolder
    let passwords: PasswordHasher
    let tokens: TokenGenerator
    /// Token digests already looked up, valid while no token is stored or revoked; nil
    /// looks every token up (tests that count each request's SQL statements).
    let viewerTokens: ViewerTokenCache?

    /// Every repository tells the time through `clock`; the default marks the request's
    /// thread when it does (`ThreadClockReads`), so a time-dependent answer is never
    /// reused by the response cache.
    init(
        database: Database, passwords: PasswordHasher = PasswordHasher(),
        clock: @escaping Clock = ThreadClockReads.clock, cachesViewerTokens: Bool = true
    ) throws {
        self.database = database
        viewerTokens = cachesViewerTokens ? ViewerTokenCache() : nil
        // What `viewerTokens` is keyed by: the generation of the table tokens live in.
        database.watchChanges(to: "auth_tokens")
        users = UserRepository(database: database, clock: clock)
        recipes = RecipeRepository(database: database, clock: clock)
        drafts = DraftRepository(database: database, clock: clock)
        dishes = DishRepository(database: database, clock: clock)
        comments = CommentRepository(database: database, clock: clock)
        forums = ForumRepository(database: database, clock: clock)
        search = SearchRepository(database: database, clock: clock)
        market = MarketRepository(database: database, clock: clock)
        cart = CartRepository(database: database, clock: clock)
        addresses = AddressRepository(database: database)
        orders = OrderRepository(database: database, clock: clock)
        basket = BasketRepository(database: database)
        apps = AppRepository(database: database, clock: clock)
        media = MediaRepository(database: database, clock: clock)
        mediaFolder = try MediaFolder(databasePath: database.path)
        self.passwords = passwords
        tokens = try TokenGenerator(key: database.secret(named: "token-digest-key", byteCount: TokenGenerator.keyLength))
    }
}
