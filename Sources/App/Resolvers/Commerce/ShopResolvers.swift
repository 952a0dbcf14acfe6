import GraphQL
import Storage

/// `Shop`: a market shop, with its shipping terms and its goods.
enum ShopResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Shop", parent: Shop.self) { shop in
            shop.property("id") { GlobalID.encode("Shop", $0.id) }
            shop.property("name") { $0.name }
            shop.property("logo") { Photo(storedURL: $0.logoURL) }
            shop.property("announcement") { $0.announcement }
            shop.property("shippingFee") { Money(cents: $0.shippingFee) }
            shop.property("freeShippingThreshold") { $0.freeShippingThreshold.map(Money.init(cents:)) }
            shop.batch("goods", reading: ["first", "after"]) { shops, arguments, context in
                let request = try arguments.pageRequest()
                let ids = shops.map(\.id)
                let (pages, counts) = try storage {
                    (
                        try context.store.market.goodsPages(shopIDs: ids, page: request),
                        try context.store.market.goodsCounts(shopIDs: ids)
                    )
                }
                return shops.map { shop in
                    let total = counts[shop.id] ?? 0
                    return Connection(pages[shop.id] ?? Page(edges: [], hasNextPage: false, hasPreviousPage: false)) { total }
                }
            }
        }
        Connection<Goods>.register("Goods", in: &resolvers)
    }
}
