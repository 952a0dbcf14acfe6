// The storage protocols: what the App needs from each aggregate, with no SQLite in sight.
//
// Each `…Repository` struct is the SQLite implementation; a PostgreSQL store would conform
// to the same protocols (see DESIGN.md, "Where it goes after one machine"). Requirements
// carry no default arguments: callers through a protocol pass every argument.

/// What the App needs from the address aggregate; `AddressRepository` implements it on SQLite.
public protocol AddressStore: Sendable {
    /// The user's addresses, the default first, then the newest first.
    func addresses(userID: Int64) throws -> [Address]
    /// One of the user's addresses, or `nil` (someone else's is `nil` too).
    func address(id: Int64, userID: Int64) throws -> Address?
    /// Adds an address (validated); the new one goes first and becomes the default.
    func addAddress(userID: Int64, _ input: AddressSnapshot) throws -> Address
    /// Changes an address; every field is given again and validated.
    func updateAddress(id: Int64, userID: Int64, _ input: AddressSnapshot) throws -> Address
    /// Removes an address; when it was the default, the first remaining one (the newest)
    /// becomes the default. Returns the remaining addresses.
    func removeAddress(id: Int64, userID: Int64) throws -> [Address]
    /// Makes an address the default. Returns the addresses, the default first.
    func setDefault(id: Int64, userID: Int64) throws -> [Address]
    /// The user's addresses among `ids`.
    func addresses(ids: [Int64], userID: Int64) throws -> [Int64: Address]
}

extension AddressRepository: AddressStore {}

/// What the App needs from the app aggregate; `AppRepository` implements it on SQLite.
public protocol AppStore: Sendable {
    /// The week's menu: Monday..Friday then the weekend, each with its goods in order.
    func lunchMenu() throws -> LunchMenu
    /// Replaces one day's items and records the change time for "Last updated on …".
    func setLunchMenu(day: LunchDay, goodsIDs: [Int64]) throws
    /// What an app shows on start: onboarding when `clientVersion` is newer than
    /// `lastSeenVersion` (or none was seen), compared number by number.
    func appConfig(app: AppName, clientVersion: String, lastSeenVersion: String?) throws
        -> AppConfig
    /// Sets an app's latest version and onboarding pages.
    func setRelease(app: AppName, latestVersion: String, pages: [OnboardingPage]) throws
}

extension AppRepository: AppStore {}

/// What the App needs from the basket aggregate; `BasketRepository` implements it on SQLite.
public protocol BasketStore: Sendable {
    /// The user's basket, recipes in the order they were added.
    func basket(userID: Int64) throws -> Basket
    /// Puts a recipe in the basket; idempotent (it keeps its place).
    func addRecipe(userID: Int64, recipeID: Int64) throws -> Basket
    /// Takes a recipe out of the basket; idempotent.
    func removeRecipe(userID: Int64, recipeID: Int64) throws -> Basket
    /// Empties the basket and forgets its marks.
    func clear(userID: Int64) throws -> Basket
    /// Marks every ingredient of that name (trimmed, case-insensitive) bought or not; a
    /// blank name is `badInput`.
    func setPurchased(userID: Int64, name: String, purchased: Bool) throws -> Basket
}

extension BasketRepository: BasketStore {}

/// What the App needs from the cart aggregate; `CartRepository` implements it on SQLite.
public protocol CartStore: Sendable {
    /// The user's cart, in the order lines were added.
    func cart(userID: Int64) throws -> Cart
    /// How many units of each goods the user has in the cart (any kind); 0 when none.
    func cartQuantities(goodsIDs: [Int64], userID: Int64) throws -> [Int64: Int]
    /// Adds goods to the cart: an existing line of the same kind grows. The quantity must be
    /// at least 1 and the line may not exceed the stock (`insufficientStock`).
    func addToCart(userID: Int64, goodsID: Int64, kindID: Int64?, quantity: Int) throws
        -> Cart
    /// Sets a line's quantity: 1 up to the stock sets it, 0 removes the line; negative is
    /// `badInput`, above the stock `insufficientStock`, both naming the allowed range.
    func setItemQuantity(userID: Int64, itemID: Int64, quantity: Int) throws -> Cart
    /// Selects or deselects one line.
    func setItemSelected(userID: Int64, itemID: Int64, selected: Bool) throws -> Cart
    /// Selects or deselects every line of one shop (a shop with no lines changes nothing).
    func setShopSelected(userID: Int64, shopID: Int64, selected: Bool) throws -> Cart
    /// Selects or deselects every line.
    func setAllSelected(userID: Int64, selected: Bool) throws -> Cart
    /// Removes lines; every id must be a line of the user's cart, else nothing changes.
    func removeItems(userID: Int64, itemIDs: [Int64]) throws -> Cart
    /// Removes every selected line.
    func removeSelected(userID: Int64) throws -> Cart
    /// The user's cart lines among `ids`, priced for the user.
    func cartLines(ids: [Int64], userID: Int64) throws -> [Int64: CartLine]
}

extension CartRepository: CartStore {}

/// What the App needs from the comment aggregate; `CommentRepository` implements it on SQLite.
public protocol CommentStore: Sendable {
    /// Comments on a thread: the text is trimmed and must not be blank (at most 2000
    /// characters); every `@username` naming a user becomes a mention, in order of first
    /// appearance; `replyToID` must be a comment of the same thread.
    func addComment(
        authorID: Int64, target: CommentTarget, text: String, replyToID: Int64?
    ) throws -> Comment
    /// Whom the viewer may @mention in a thread: its distinct comment authors (and the
    /// target's author) plus the users the viewer follows, whose username or name starts
    /// with `prefix` (case-insensitive), ordered by username; never the viewer.
    func mentionCandidates(
        target: CommentTarget, viewerID: Int64, prefix: String, first: Int
    ) throws -> [Int64]
    /// Comments by id, with their mentions: two statements.
    func comments(ids: [Int64]) throws -> [Int64: Comment]
    /// A thread's comments, oldest first.
    func comments(target: CommentTarget, page: PageRequest) throws -> Page<Comment>
    /// Comment counts of many threads: one statement per kind of target.
    func commentsCounts(targets: [CommentTarget]) throws -> [CommentTarget: Int]
    /// The newest `limit` comments of each of many threads (newest first), in one
    /// statement per kind of target, for list screens that preview a thread.
    func latestComments(targets: [CommentTarget], limit: Int) throws
        -> [CommentTarget: [Comment]]
    /// Whether a thread's target exists.
    func targetExists(_ target: CommentTarget) throws -> Bool
}

extension CommentRepository: CommentStore {}

/// What the App needs from the dish aggregate; `DishRepository` implements it on SQLite.
public protocol DishStore: Sendable {
    /// Likes a dish; liking twice changes nothing. Returns the dish.
    func like(dishID: Int64, userID: Int64) throws -> Dish
    /// Takes back a like; idempotent. Returns the dish.
    func unlike(dishID: Int64, userID: Int64) throws -> Dish
    /// Like counts of many dishes in one statement.
    func likesCounts(dishIDs: [Int64]) throws -> [Int64: Int]
    /// Which of `dishIDs` the user likes.
    func viewerHasLiked(dishIDs: [Int64], userID: Int64) throws -> Set<Int64>
    /// The following feed: dishes and recipes by the users `viewerID` follows, newest first.
    ///
    /// Both tables share one order: (created_at, tie) descending, where the tie is
    /// `id * 2` for a dish and `id * 2 + 1` for a recipe, so a cursor names one row of either.
    func feed(viewerID: Int64, page: PageRequest) throws -> Page<FeedEntry>
    /// How many entries the viewer's feed has.
    func feedCount(viewerID: Int64) throws -> Int
    /// One dish with its photos and tags, or `nil`.
    func dish(id: Int64) throws -> Dish?
    /// Dishes by id with their photos and tags: three statements for any number of ids.
    func dishes(ids: [Int64]) throws -> [Int64: Dish]
    /// All dishes, newest first.
    func dishes(page: PageRequest) throws -> Page<Dish>
    /// One author's dishes, newest first (the count is `UserStats.dishesCount`).
    func dishes(authorID: Int64, page: PageRequest) throws -> Page<Dish>
    /// Dishes made from a recipe, newest first (the count is `RecipeStats.cookedCount`).
    func dishes(recipeID: Int64, page: PageRequest) throws -> Page<Dish>
    /// Shares a dish: 1 to 9 photos with non-blank URLs; tags are trimmed, blank ones
    /// dropped and repeats removed; a given recipe must exist.
    func uploadDish(authorID: Int64, _ input: NewDish) throws -> Dish
}

extension DishRepository: DishStore {}

/// What the App needs from the draft aggregate; `DraftRepository` implements it on SQLite.
public protocol DraftStore: Sendable {
    /// Changes the given fields; a given name must not be blank.
    func updateDraft(id: Int64, authorID: Int64, _ change: DraftChange) throws -> Draft
    /// Inserts an empty step at 0-based `at`, clamped into 0...count (at the end when `nil`).
    func addStep(draftID: Int64, authorID: Int64, at position: Int?) throws -> Draft
    /// Changes the step at 0-based `index` (which must name a step); only given fields change.
    func updateStep(
        draftID: Int64, authorID: Int64, index: Int, _ change: StepChange
    ) throws -> Draft
    /// Removes the step at 0-based `index` (which must name a step); the rest renumber.
    func removeStep(draftID: Int64, authorID: Int64, index: Int) throws -> Draft
    /// Moves one step like dragging a row: `from` must name a step; `to` is clamped into
    /// the steps, so a drop above the first lands first and below the last lands last.
    func moveStep(draftID: Int64, authorID: Int64, from: Int, to: Int) throws -> Draft
    /// Replaces the ingredient list, dropping rows whose name and amount are both blank.
    func setIngredients(
        draftID: Int64, authorID: Int64, _ ingredients: [Ingredient]
    ) throws -> Draft
    /// Publishes a draft as a recipe and deletes the draft, in one transaction.
    ///
    /// It needs a non-blank name and at least one step with text or an image (else
    /// `badInput`, and the draft stays); empty steps are dropped.
    func publishDraft(id: Int64, authorID: Int64) throws -> Recipe
    /// Deletes the author's draft; a missing or foreign one is `notFound`.
    func deleteDraft(id: Int64, authorID: Int64) throws
    /// The author's draft, or `nil` when there is none or it is someone else's.
    func draft(id: Int64, authorID: Int64) throws -> Draft?
    /// The author's drafts, last edited first, with their steps and ingredients.
    func drafts(authorID: Int64, page: PageRequest) throws -> Page<Draft>
    /// How many drafts the author has.
    func draftsCount(authorID: Int64) throws -> Int
    /// Starts a draft; the name must not be blank.
    func createDraft(authorID: Int64, name: String) throws -> Draft
    /// The author's drafts among `ids`, with steps and ingredients: three statements.
    func drafts(ids: [Int64], authorID: Int64) throws -> [Int64: Draft]
}

extension DraftRepository: DraftStore {}

/// What the App needs from the forum aggregate; `ForumRepository` implements it on SQLite.
public protocol ForumStore: Sendable {
    /// Every forum, in their set order.
    func forums() throws -> [Forum]
    /// Forums by id.
    func forums(ids: [Int64]) throws -> [Int64: Forum]
    /// Topics by id, in one statement.
    func topics(ids: [Int64]) throws -> [Int64: Topic]
    /// A forum's topics, newest first.
    func topics(forumID: Int64, page: PageRequest) throws -> Page<Topic>
    /// Topic counts of many forums in one statement.
    func topicsCounts(forumIDs: [Int64]) throws -> [Int64: Int]
    /// Opens a topic in a forum; the title must not be blank.
    func createTopic(forumID: Int64, authorID: Int64, title: String, body: String) throws
        -> Topic
}

extension ForumRepository: ForumStore {}

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
