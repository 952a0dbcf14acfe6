import Storage

/// Every repository over one database, built once at start and shared by all requests.
///
/// The repositories are the store-neutral protocols (`Repositories`): the App cannot tell
/// whether it runs on SQLite or PostgreSQL. A class: every request's context holds it, and
/// a struct of some thirty references cost thirty retains and releases each time a context
/// was copied (twice a request).
final class Store: Sendable {
    let database: any KitchenDatabase
    let users: any UserStore
    let recipes: any RecipeStore
    let drafts: any DraftStore
    let dishes: any DishStore
    let comments: any CommentStore
    let forums: any ForumStore
    let search: any SearchStore
    let market: any MarketStore
    let cart: any CartStore
    let addresses: any AddressStore
    let orders: any OrderStore
    let basket: any BasketStore
    let apps: any AppStore
    let media: any MediaStore
    /// Uploaded pictures on disk, where the database keeps them.
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
        database: any KitchenDatabase, passwords: PasswordHasher = PasswordHasher(),
        clock: @escaping Clock = ThreadClockReads.clock, cachesViewerTokens: Bool = true
    ) throws {
        self.database = database
        viewerTokens = cachesViewerTokens ? ViewerTokenCache() : nil
        // What `viewerTokens` is keyed by: the generation of the table tokens live in.
        database.watchChanges(to: "auth_tokens")
        let repositories = database.repositories(clock: clock, cachesReferents: true)
        users = repositories.users
        recipes = repositories.recipes
        drafts = repositories.drafts
        dishes = repositories.dishes
        comments = repositories.comments
        forums = repositories.forums
        search = repositories.search
        market = repositories.market
        cart = repositories.cart
        addresses = repositories.addresses
        orders = repositories.orders
        basket = repositories.basket
        apps = repositories.apps
        media = repositories.media
        mediaFolder = try MediaFolder(path: database.mediaFolderPath)
        self.passwords = passwords
        tokens = try TokenGenerator(key: database.secret(named: "token-digest-key", byteCount: TokenGenerator.keyLength))
    }
}
