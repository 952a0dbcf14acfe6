// The storage protocols: what the App needs from each aggregate, with no SQLite in sight.
//
// Each `…Repository` struct is the SQLite implementation; a PostgreSQL store would conform
// to the same protocols (see DESIGN.md, "Where it goes after one machine"). Requirements
// carry no default arguments: callers through a protocol pass every argument.

/// What the App needs from the market aggregate; `MarketRepository` implements it on SQLite.
public protocol MarketStore: Sendable {
    /// Opens a shop (for the demo data and operators). Money is in cents.
    func createShop(
        name: String, logoURL: String?, announcement: String?, shippingFee: Int,
        freeShippingThreshold: Int?
    ) throws -> Shop
    /// Lists a goods with its kinds, images and attributes; `listed: false` keeps it out
    /// of the market (lunch dishes). Needs at least one kind.
    func createGoods(
        shopID: Int64, name: String, foreword: String?, description: String?,
        soup: String?, listed: Bool, images: [Photo],
        attributes: [GoodsAttribute], kinds: [NewKind], salesCount: Int
    ) throws -> Goods
    /// Sets a kind's stock (for operators and tests); never below zero.
    func setStock(kindID: Int64, stock: Int) throws
    /// A goods' reviews, newest first; `withPhotosOnly` gives the 晒图 tab.
    func reviews(goodsID: Int64, withPhotosOnly: Bool, page: PageRequest) throws
        -> Page<Review>
    /// Review counts and average ratings of many goods, in one statement.
    func reviewStats(goodsIDs: [Int64]) throws -> [Int64: ReviewStats]
    /// Adds a review (rating 1–5) with optional photos; returns it.
    func addReview(
        goodsID: Int64, authorID: Int64, rating: Int, text: String, photos: [Photo],
        kindName: String?
    ) throws -> Review
    /// Shops by id.
    func shops(ids: [Int64]) throws -> [Int64: Shop]
    /// Goods by id with their images and attributes: three statements.
    func goods(ids: [Int64]) throws -> [Int64: Goods]
    /// The kinds of many goods, in their set order, in one statement.
    func kinds(goodsIDs: [Int64]) throws -> [Int64: [Kind]]
    /// Kinds by id.
    func kinds(ids: [Int64]) throws -> [Int64: Kind]
    /// The market's listed goods, newest first (lunch dishes are not listed).
    func market(page: PageRequest) throws -> Page<Goods>
    /// How many goods the market lists.
    func marketCount() throws -> Int
    /// A shop's goods, newest first.
    func goods(shopID: Int64, page: PageRequest) throws -> Page<Goods>
    /// Goods counts of many shops.
    func goodsCounts(shopIDs: [Int64]) throws -> [Int64: Int]
    /// Reviews by id, with their photos: two statements.
    func reviews(ids: [Int64]) throws -> [Int64: Review]
}

extension MarketRepository: MarketStore {}

/// What the App needs from the order aggregate; `OrderRepository` implements it on SQLite.
public protocol OrderStore: Sendable {
    /// The user's orders among `ids`, with shop groups and lines: three statements.
    func orders(ids: [Int64], userID: Int64) throws -> [Int64: Order]
    /// One of the user's orders, or `nil` (someone else's is `nil` too).
    func order(id: Int64, userID: Int64) throws -> Order?
    /// The user's orders, newest first; `shopID` keeps those with lines from that shop.
    func orders(userID: Int64, shopID: Int64?, page: PageRequest) throws -> Page<Order>
    /// How many orders the user has (from one shop, when given).
    func ordersCount(userID: Int64, shopID: Int64?) throws -> Int
    /// Places an order in one write transaction: re-reads stock and prices, refuses the
    /// whole order if any line exceeds its stock, decrements stock (the `UPDATE` itself
    /// refuses to go below zero), snapshots lines, prices and the address, and removes the
    /// bought lines from the cart. A key already used by this user returns that order.
    func placeOrder(
        userID: Int64, addressID: Int64, idempotencyKey: String, note: String?,
        source: OrderSource
    ) throws -> Order
    /// What an order from `source` would cost, shop by shop. `addressID` must be one of the
    /// user's; `nil` means the default address (the preview's address is `nil` without one).
    func preview(userID: Int64, addressID: Int64?, source: OrderSource) throws
        -> OrderPreview
}

extension OrderRepository: OrderStore {}

/// What the App needs from the recipe aggregate; `RecipeRepository` implements it on SQLite.
public protocol RecipeStore: Sendable {
    /// Collects (bookmarks) a recipe; idempotent. Returns the recipe.
    func collect(recipeID: Int64, userID: Int64) throws -> Recipe
    /// Removes a recipe from a user's collection; idempotent. Returns the recipe.
    func uncollect(recipeID: Int64, userID: Int64) throws -> Recipe
    /// Which of `recipeIDs` the user collected.
    func viewerHasCollected(recipeIDs: [Int64], userID: Int64) throws -> Set<Int64>
    /// A user's collected recipes, most recently collected first.
    func collections(userID: Int64, page: PageRequest) throws -> Page<Recipe>
    /// How many recipes a user collected.
    func collectionsCount(userID: Int64) throws -> Int
    /// One recipe, or `nil`.
    func recipe(id: Int64) throws -> Recipe?
    /// Recipes by id, in one statement.
    func recipes(ids: [Int64]) throws -> [Int64: Recipe]
    /// The ingredients of many recipes, in order, in one statement.
    func ingredients(recipeIDs: [Int64]) throws -> [Int64: [Ingredient]]
    /// The steps of many recipes, numbered 1..n, in one statement.
    func steps(recipeIDs: [Int64]) throws -> [Int64: [Step]]
    /// Dishes made from, collections of and comments on many recipes: three statements.
    func stats(recipeIDs: [Int64]) throws -> [Int64: RecipeStats]
    /// All published recipes, newest first.
    func recipes(page: PageRequest) throws -> Page<Recipe>
    /// How many recipes are published.
    func recipesCount() throws -> Int
    /// One author's recipes, newest first (the count is `UserStats.recipesCount`).
    func recipes(authorID: Int64, page: PageRequest) throws -> Page<Recipe>
}

extension RecipeRepository: RecipeStore {}

/// What the App needs from the search aggregate; `SearchRepository` implements it on SQLite.
public protocol SearchStore: Sendable {
    /// Recipes matching a keyword, most relevant first (bm25: name 10, ingredients 4,
    /// description 1), then by id. A blank keyword is `badInput`; one with nothing
    /// searchable (only punctuation) finds nothing.
    func searchRecipes(keyword: String, page: PageRequest) throws -> Page<Int64>
    /// Users whose name or username matches a keyword, most relevant first.
    func searchUsers(keyword: String, page: PageRequest) throws -> Page<Int64>
    /// How many recipes match a keyword.
    func recipeMatchesCount(keyword: String) throws -> Int
    /// How many users match a keyword.
    func userMatchesCount(keyword: String) throws -> Int
    /// A user's recent searches, newest first.
    func history(userID: Int64) throws -> [String]
    /// Puts a keyword first in the history (trimmed; blank is `badInput`), removing an equal
    /// earlier entry and keeping the newest 20; logs it for popular keywords. Returns the
    /// history.
    func recordSearch(userID: Int64, keyword: String) throws -> [String]
    /// Empties a user's history (the log for popular keywords stays).
    func clearHistory(userID: Int64) throws -> [String]
    /// The most searched keywords of the last 7 days (ties: the most recent first), topped
    /// up from the curated list when there is too little traffic; no keyword twice.
    func popularKeywords(first: Int) throws -> [String]
    /// Replaces the curated keywords (used by the demo data and operators).
    func setCuratedKeywords(_ keywords: [String]) throws
}

extension SearchRepository: SearchStore {}

/// What the App needs from the user aggregate; `UserRepository` implements it on SQLite.
public protocol UserStore: Sendable {
    /// Creates an account; the password arrives already hashed (see `PasswordHasher`).
    ///
    /// The username must be 3–32 letters, digits or `_` and not taken (any case: `conflict`);
    /// the name must not be blank.
    func createUser(
        username: String, name: String, passwordHash: String, isMember: Bool
    ) throws -> User
    /// The id and stored password hash for a username (case-insensitive), for signing in.
    func credentials(username: String) throws -> (userID: Int64, passwordHash: String)?
    /// Stores the digest of a new bearer token for a user (never the token itself).
    func storeToken(digest: [UInt8], userID: Int64) throws
    /// The user a token digest belongs to, or `nil` for an unknown or revoked token.
    func userID(tokenDigest digest: [UInt8]) throws -> Int64?
    /// Revokes a token by its digest; revoking an unknown one changes nothing.
    func revokeToken(digest: [UInt8]) throws
    /// Changes the given profile fields and returns the user; a given name must not be
    /// blank, a birthday must be a real date not in the future.
    func updateProfile(userID: Int64, _ change: ProfileChange) throws -> User
    /// Makes a user a lunch member or not.
    func setMember(userID: Int64, _ isMember: Bool) throws
    /// A user's settings (the defaults when never changed).
    func settings(userID: Int64) throws -> Settings
    /// Changes the given settings and returns them all; a time must be `HH:MM`.
    func updateSettings(userID: Int64, _ change: SettingsChange) throws -> Settings
    /// One user, or `nil`.
    func user(id: Int64) throws -> User?
    /// Users by id, in one statement; missing ids are absent from the map.
    func users(ids: [Int64]) throws -> [Int64: User]
    /// The user with this username (case-insensitive), or `nil`.
    func user(username: String) throws -> User?
    /// Profile counts for many users: four grouped statements, whatever the list's length.
    func stats(userIDs: [Int64]) throws -> [Int64: UserStats]
    /// Which of `userIDs` the viewer follows.
    func viewerFollows(userIDs: [Int64], viewerID: Int64) throws -> Set<Int64>
    /// Follows a user; following twice changes nothing; yourself is `badInput`. Returns them.
    func follow(followerID: Int64, followeeID: Int64) throws -> User
    /// Stops following a user; idempotent. Returns them.
    func unfollow(followerID: Int64, followeeID: Int64) throws -> User
    /// Who follows `userID`, most recent first (user ids).
    func followers(of userID: Int64, page: PageRequest) throws -> Page<Int64>
    /// Whom `userID` follows, most recent first (user ids).
    func following(of userID: Int64, page: PageRequest) throws -> Page<Int64>
}

extension UserRepository: UserStore {}
