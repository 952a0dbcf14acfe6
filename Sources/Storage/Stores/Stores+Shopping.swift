import Foundation

// The storage protocols: what the App needs from each aggregate, with no SQLite in sight.
// Each `…Repository` struct is the SQLite implementation; a PostgreSQL store would conform
// to the same protocols (see DESIGN.md, "Where it goes after one machine"). Requirements
// carry no default arguments: callers through a protocol pass every argument.

/// What the App needs for shops, goods, kinds and reviews; `MarketRepository` implements it on SQLite.
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
    /// Goods by id, in one statement (images and attributes load apart).
    func goods(ids: [Int64]) throws -> [Int64: Goods]
    /// The images of many goods, each list in its set order, in one statement.
    func images(goodsIDs: [Int64]) throws -> [Int64: [Photo]]
    /// The attribute rows of many goods, each list in its set order, in one statement.
    func attributes(goodsIDs: [Int64]) throws -> [Int64: [GoodsAttribute]]
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
    /// One page of goods for each shop, newest first.
    func goodsPages(shopIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Goods>]
    /// One page of reviews for each goods, newest first (`withPhotosOnly`: the 晒图 tab).
    func reviewPages(goodsIDs: [Int64], withPhotosOnly: Bool, page: PageRequest) throws
        -> [Int64: Page<Review>]
    /// Goods counts of many shops.
    func goodsCounts(shopIDs: [Int64]) throws -> [Int64: Int]
    /// Reviews by id, with their photos: two statements.
    func reviews(ids: [Int64]) throws -> [Int64: Review]
}

extension MarketRepository: MarketStore {}

/// What the App needs for carts; `CartRepository` implements it on SQLite.
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

/// What the App needs for addresses; `AddressRepository` implements it on SQLite.
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

/// What the App needs for order previews and orders; `OrderRepository` implements it on SQLite.
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

/// What the App needs for baskets; `BasketRepository` implements it on SQLite.
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

/// What the App needs for the lunch menu and app configuration; `AppRepository` implements it on SQLite.
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
