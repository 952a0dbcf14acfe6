import GraphQL
import Storage

/// `LunchMenu` and `LunchSection`: the lunch app's week, Monday to Friday and the weekend.
/// Each item is a `Goods` of the lunch restaurant, so it has `viewerCartQuantity` and goes
/// into the same cart.
enum LunchResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("LunchMenu", parent: LunchMenu.self) { menu in
            menu.property("updatedAt") { $0.updatedAt }
            menu.property("sections") { $0.sections }
        }
        resolvers.type("LunchSection", parent: LunchSection.self) { section in
            section.property("day") { $0.day.rawValue }
            section.property("title") { $0.day.title }
            section.batch("items") { sections, _, context in
                // Every section's goods in one load; a goods removed meanwhile is left out.
                let goods = try context.store.market.goods(ids: sections.flatMap(\.goodsIDs))
                return sections.map { section in section.goodsIDs.compactMap { goods[$0] } }
            }
        }
    }
}
