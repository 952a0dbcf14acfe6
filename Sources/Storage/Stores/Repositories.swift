/// Every repository over one database, as the store-neutral protocols the App calls.
public struct Repositories: Sendable {
    public let users: any UserStore
    public let recipes: any RecipeStore
    public let drafts: any DraftStore
    public let dishes: any DishStore
    public let comments: any CommentStore
    public let forums: any ForumStore
    public let search: any SearchStore
    public let market: any MarketStore
    public let cart: any CartStore
    public let addresses: any AddressStore
    public let orders: any OrderStore
    public let basket: any BasketStore
    public let apps: any AppStore
    public let media: any MediaStore

    /// Gathers one store's repositories.
    public init(
        users: any UserStore, recipes: any RecipeStore, drafts: any DraftStore,
        dishes: any DishStore, comments: any CommentStore, forums: any ForumStore,
        search: any SearchStore, market: any MarketStore, cart: any CartStore,
        addresses: any AddressStore, orders: any OrderStore, basket: any BasketStore,
        apps: any AppStore, media: any MediaStore
    ) {
        self.users = users
        self.recipes = recipes
        self.drafts = drafts
        self.dishes = dishes
        self.comments = comments
        self.forums = forums
        self.search = search
        self.market = market
        self.cart = cart
        self.addresses = addresses
        self.orders = orders
        self.basket = basket
        self.apps = apps
        self.media = media
    }
}
