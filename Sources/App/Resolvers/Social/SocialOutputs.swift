import GraphQL
import Storage

// The storage models the social half returns from resolvers. Each Swift type is registered
// for exactly one object type, so the executor finds the concrete type of a `Node`,
// `Commentable`, `FeedItem` or `SearchResult` value without the resolver naming it.

extension User: OutputObject {}
extension Recipe: OutputObject {}
extension Draft: OutputObject {}
extension Dish: OutputObject {}
extension Comment: OutputObject {}
extension Forum: OutputObject {}
extension Topic: OutputObject {}
extension Ingredient: OutputObject {}
extension Step: OutputObject {}
extension Gender: OutputEnum {}
extension Meal: OutputEnum {}

/// A `FeedItem`, `SearchResult` or `Commentable`: one of several model values, completed as
/// the object type its Swift type is registered for.
enum SocialItem: OutputConvertible, Sendable {
    case user(User)
    case recipe(Recipe)
    case dish(Dish)
    case topic(Topic)

    var resolved: Resolved {
        switch self {
        case .user(let user): .object(user)
        case .recipe(let recipe): .object(recipe)
        case .dish(let dish): .object(dish)
        case .topic(let topic): .object(topic)
        }
    }
}

extension Dictionary where Key == Int64 {
    /// The values for `ids`, in their order (nil where missing): a batch's answer per parent.
    func values(for ids: [Int64]) -> [Value?] {
        ids.map { self[$0] }
    }
}

/// A `FeedItem` (a dish or a recipe); its own Swift type, so `FeedConnection` has one.
struct FeedItem: OutputConvertible, Sendable {
    let item: SocialItem
    var resolved: Resolved { item.resolved }
}

/// A `SearchResult` (a recipe or a user); its own Swift type, so `SearchConnection` has one.
struct SearchResult: OutputConvertible, Sendable {
    let item: SocialItem
    var resolved: Resolved { item.resolved }
}
