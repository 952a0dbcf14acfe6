import Foundation

// The storage protocols: what the App needs from each aggregate, with no SQLite in sight.
// Each `…Repository` struct is the SQLite implementation; a PostgreSQL store would conform
// to the same protocols (see DESIGN.md, "Where it goes after one machine"). Requirements
// carry no default arguments: callers through a protocol pass every argument.

/// What the App needs for users, sign-in tokens, profiles, follows and settings; `UserRepository` implements it on SQLite.
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
    /// Revokes a token by its digest, and announces it on the event log
    /// (`EventLog.revokedTokensTopic`) so that every stream opened with it ends, in every
    /// process; revoking an unknown one changes nothing.
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
    /// Records a failed sign-in for a username (any case, known or not) and forgets that
    /// name's failures older than a day.
    func recordSignInFailure(username: String) throws
    /// How many sign-ins for a username failed since `since`, for rate limiting.
    func signInFailures(username: String, since: Date) throws -> Int
    /// Forgets a username's failures, after a successful sign-in.
    func clearSignInFailures(username: String) throws
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
    /// The same page of many users' followers (user ids), most recent first, in one statement.
    func followers(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>]
    /// The same page of whom many users follow (user ids), most recent first, in one statement.
    func following(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>]
}

extension UserRepository: UserStore {}

/// What the App needs for published recipes and collections; `RecipeRepository` implements it on SQLite.
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
    func counts(_ count: RecipeCount, recipeIDs: [Int64]) throws -> [Int64: Int]
    /// All published recipes, newest first.
    func recipes(page: PageRequest) throws -> Page<Recipe>
    /// How many recipes are published.
    func recipesCount() throws -> Int
    /// One author's recipes, newest first (the count is `UserStats.recipesCount`).
    func recipes(authorID: Int64, page: PageRequest) throws -> Page<Recipe>
    /// The same page of many authors' recipes, newest first, in one statement.
    func recipes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Recipe>]
}

extension RecipeRepository: RecipeStore {}

/// What the App needs for recipe drafts; `DraftRepository` implements it on SQLite.
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

/// What the App needs for dishes, likes and the feed; `DishRepository` implements it on SQLite.
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
    /// One dish with its photos, or `nil`.
    func dish(id: Int64) throws -> Dish?
    /// Dishes by id with their photos: two statements for any number of ids.
    func dishes(ids: [Int64]) throws -> [Int64: Dish]
    /// The tags of many dishes, each list in order, in one statement.
    func tags(dishIDs: [Int64]) throws -> [Int64: [String]]
    /// All dishes, newest first.
    func dishes(page: PageRequest) throws -> Page<Dish>
    /// One author's dishes, newest first (the count is `UserStats.dishesCount`).
    func dishes(authorID: Int64, page: PageRequest) throws -> Page<Dish>
    /// Dishes made from a recipe, newest first (the count is `RecipeStats.cookedCount`).
    func dishes(recipeID: Int64, page: PageRequest) throws -> Page<Dish>
    /// The same page of many authors' dishes, newest first, with photos and tags.
    func dishes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>]
    /// The same page of the dishes made from many recipes, newest first.
    func dishes(recipeIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>]
    /// Shares a dish: 1 to 9 photos with non-blank URLs; tags are trimmed, blank ones
    /// dropped and repeats removed; a given recipe must exist.
    func uploadDish(authorID: Int64, _ input: NewDish) throws -> Dish
}

extension DishRepository: DishStore {}

/// What the App needs for comments and mentions; `CommentRepository` implements it on SQLite.
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
    /// Comments by id, in one statement.
    func comments(ids: [Int64]) throws -> [Int64: Comment]
    /// The users each comment mentions, in order of first appearance, in one statement; a
    /// comment that mentions nobody has no entry. Apart from the comments themselves, so
    /// that a page of a thread that does not show them costs no statement for them.
    func mentions(commentIDs: [Int64]) throws -> [Int64: [Int64]]
    /// A thread's comments, oldest first.
    func comments(target: CommentTarget, page: PageRequest) throws -> Page<Comment>
    /// The same page of many threads, oldest first.
    func comments(targets: [CommentTarget], page: PageRequest) throws
        -> [CommentTarget: Page<Comment>]
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

/// What the App needs for forums and topics; `ForumRepository` implements it on SQLite.
public protocol ForumStore: Sendable {
    /// Every forum, in their set order.
    func forums() throws -> [Forum]
    /// Forums by id.
    func forums(ids: [Int64]) throws -> [Int64: Forum]
    /// Topics by id, in one statement.
    func topics(ids: [Int64]) throws -> [Int64: Topic]
    /// A forum's topics, newest first.
    func topics(forumID: Int64, page: PageRequest) throws -> Page<Topic>
    /// The same page of many forums' topics, newest first, in one statement.
    func topics(forumIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Topic>]
    /// Topic counts of many forums in one statement.
    func topicsCounts(forumIDs: [Int64]) throws -> [Int64: Int]
    /// Opens a topic in a forum; the title must not be blank.
    func createTopic(forumID: Int64, authorID: Int64, title: String, body: String) throws
        -> Topic
}

extension ForumRepository: ForumStore {}

/// What the App needs for search, search history and popular keywords; `SearchRepository` implements it on SQLite.
public protocol SearchStore: Sendable {
    /// Recipes matching a keyword: every keyword in the name first, then in the name or
    /// ingredients, then anywhere; newest first within each. A blank keyword or a cursor
    /// from another list is `badInput`; a keyword with nothing searchable (only
    /// punctuation) finds nothing.
    func searchRecipes(keyword: String, page: PageRequest) throws -> Page<Int64>
    /// Users whose name matches a keyword, then those whose username does; newest first.
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
