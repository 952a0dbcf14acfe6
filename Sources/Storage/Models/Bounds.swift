/// How many items each list of the product may hold.
///
/// An operation's cost counts on these numbers: `Schema.graphql` gives each of these lists
/// `@listSize(assumedSize:)` with the same number (a test holds the two equal). So the data
/// keeps them: every write that would pass one is refused with `DomainError.badInput`
/// naming the bound, before anything changes.
public enum Bounds {
    /// Photos of a dish (作品).
    public static let dishPhotos = 9
    /// Tags of a dish, once blank ones are dropped and repeats removed.
    public static let dishTags = 10
    /// Photos of a review.
    public static let reviewPhotos = 9
    /// Pictures of a goods.
    public static let goodsImages = 9
    /// Kinds (variants) of a goods.
    public static let goodsKinds = 10
    /// Rows of a goods' attributes table.
    public static let goodsAttributes = 20
    /// Steps of a recipe or draft.
    public static let recipeSteps = 50
    /// Ingredient lines of a recipe or draft.
    public static let recipeIngredients = 50
    /// Users one comment mentions.
    public static let commentMentions = 20
    /// Forums of the community.
    public static let forums = 20
    /// Searches kept in a user's history (older ones are forgotten, not refused).
    public static let searchHistory = 20
    /// Addresses of one user.
    public static let addresses = 20
    /// Recipes in one basket.
    public static let basketRecipes = 20
    /// Lines in one cart (and so in one order).
    public static let cartLines = 50
    /// Lines of one shop in one cart (and so in one order's shop group).
    public static let cartLinesPerShop = 20
    /// Shops one cart's lines come from (and so one order's).
    public static let cartShops = 10
    /// Dishes on the lunch menu for one day.
    public static let lunchItemsPerDay = 20
    /// Onboarding pages of one app release.
    public static let onboardingPages = 10

    /// Refuses `count` items where at most `bound` may be: "`owner` holds at most `bound`
    /// `items`; …".
    public static func check(
        _ count: Int, atMost bound: Int, _ items: String, of owner: String
    ) throws(DomainError) {
        guard count > bound else { return }
        throw .badInput("\(owner) holds at most \(bound) \(items); this would make \(count).")
    }
}
