import GraphQL
import Storage

// The commerce models are the parents of their GraphQL object types: the executor hands them
// from one level to the next unchanged. `Photo`, `User` and `Recipe` conform in the social
// half; `Settings` (returned by both halves) is wrapped with `Resolved.object` instead.

extension Shop: OutputObject {}
extension Goods: OutputObject {}
extension Storage.Kind: OutputObject {}
extension GoodsAttribute: OutputObject {}
extension Review: OutputObject {}
extension CartLine: OutputObject {}
extension CartShopGroup: OutputObject {}
extension Cart: OutputObject {}
extension Address: OutputObject {}
extension AddressSnapshot: OutputObject {}
extension OrderShopGroup: OutputObject {}
extension OrderLine: OutputObject {}
extension OrderPreview: OutputObject {}
extension Order: OutputObject {}
extension BasketIngredient: OutputObject {}
extension BasketRecipe: OutputObject {}
extension MergedIngredient: OutputObject {}
extension Basket: OutputObject {}
extension LunchSection: OutputObject {}
extension LunchMenu: OutputObject {}
extension OnboardingPage: OutputObject {}
extension AppConfig: OutputObject {}

/// Small helpers every commerce resolver shares.
enum CommerceOutput {
    /// For each parent, the object its key names in `loaded`: one batch per level.
    static func lookup<Parent, Key: Hashable, Object: OutputConvertible>(
        _ parents: [Parent], key: (Parent) -> Key, in loaded: [Key: Object]
    ) -> [Resolved] {
        parents.map { loaded[key($0)]?.resolved ?? .null }
    }

    /// The row ids behind a list argument of IDs that must all name a `typeName`.
    static func ids(
        _ arguments: Arguments, _ name: String, of typeName: String
    ) throws(GraphQLError) -> [Int64] {
        var rowIDs: [Int64] = []
        for item in arguments.list(name) ?? [] {
            guard case .string(let text) = item else {
                throw GraphQLError("\"\(name)\" must be a list of \(typeName) IDs.", code: .badUserInput)
            }
            rowIDs.append(try GlobalID.rowID(text, of: typeName, argument: name))
        }
        return rowIDs
    }
}
