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
