import Storage

/// Every repository over one database, built once at start and shared by all requests.
struct Store: Sendable {
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

    init(database: Database, passwords: PasswordHasher = PasswordHasher()) throws {
        self.database = database
        users = UserRepository(database: database)
        recipes = RecipeRepository(database: database)
        drafts = DraftRepository(database: database)
        dishes = DishRepository(database: database)
        comments = CommentRepository(database: database)
        forums = ForumRepository(database: database)
        search = SearchRepository(database: database)
        market = MarketRepository(database: database)
        cart = CartRepository(database: database)
        addresses = AddressRepository(database: database)
        orders = OrderRepository(database: database)
        basket = BasketRepository(database: database)
        apps = AppRepository(database: database)
        media = MediaRepository(database: database)
        mediaFolder = try MediaFolder(databasePath: database.path)
        self.passwords = passwords
        tokens = try TokenGenerator(key: database.secret(named: "token-digest-key", byteCount: TokenGenerator.keyLength))
    }
}
