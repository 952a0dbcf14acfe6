import GraphQL
import Storage

/// `Goods`: something sold in the market or on the lunch menu.
///
/// Everything that needs another table is a batch resolver, so a list of goods (the market,
/// a cart, a lunch menu) costs one statement per field, not one per goods.
enum GoodsResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Goods", parent: Goods.self) { goods in
            goods.property("id") { GlobalID.encode("Goods", $0.id) }
            goods.property("name") { $0.name }
            goods.property("foreword") { $0.foreword }
            goods.property("description") { $0.description }
            goods.batch("images") { goods, _, context in
                let images = try context.store.market.images(goodsIDs: goods.map(\.id))
                return goods.map { images[$0.id] ?? [] }
            }
            goods.batch("shop") { goods, _, context in
                let shops = try context.store.market.shops(ids: goods.map(\.shopID))
                return CommerceOutput.lookup(goods, key: \.shopID, in: shops)
            }
            goods.batch("kinds") { goods, _, context in
                let kinds = try context.store.market.kinds(goodsIDs: goods.map(\.id))
                return goods.map { kinds[$0.id] ?? [] }
            }
            goods.batch("attributes") { goods, _, context in
                let attributes = try context.store.market.attributes(goodsIDs: goods.map(\.id))
                return goods.map { attributes[$0.id] ?? [] }
            }
            goods.property("salesCount") { $0.salesCount }
            goods.batch("averageRating") { goods, _, context in
                try stats(of: goods, context).map(\.averageRating)
            }
            goods.batch("reviewsCount") { goods, _, context in
                try stats(of: goods, context).map(\.reviewsCount)
            }
            goods.batch("photoReviewsCount") { goods, _, context in
                try stats(of: goods, context).map(\.photoReviewsCount)
            }
            goods.batch("reviews", reading: ["withPhotosOnly", "first", "after"]) { goods, arguments, context in
                try reviews(of: goods, arguments, context)
            }
            goods.property("soup") { $0.soup }
            goods.batch("viewerCartQuantity") { goods, _, context in
                guard let viewerID = context.viewerID else { return goods.map { _ in 0 } }
                let quantities = try context.store.cart.cartQuantities(
                    goodsIDs: goods.map(\.id), userID: viewerID)
                return goods.map { quantities[$0.id] ?? 0 }
            }
        }
    }

    /// Review counts and average ratings of a level's goods, in their order.
    static func stats(of goods: [Goods], _ context: RequestContext) throws -> [ReviewStats] {
        let stats = try context.store.market.reviewStats(goodsIDs: goods.map(\.id))
        return goods.map { stats[$0.id] ?? .none }
    }

    /// `reviews(withPhotosOnly:first:after:)` for every goods of a level: a page each, with
    /// the matching count as `totalCount`.
    static func reviews(
        of goods: [Goods], _ arguments: Arguments, _ context: RequestContext
    ) throws -> [Connection<Review>] {
        let request = try arguments.pageRequest()
        let photosOnly = arguments.bool("withPhotosOnly") ?? false
        let ids = goods.map(\.id)
        let pages = try storage {
            try context.store.market.reviewPages(goodsIDs: ids, withPhotosOnly: photosOnly, page: request)
        }
        let stats = try context.store.market.reviewStats(goodsIDs: ids)
        return goods.map { item in
            let counts = stats[item.id] ?? .none
            let total = photosOnly ? counts.photoReviewsCount : counts.reviewsCount
            return Connection(
                pages[item.id] ?? Page(edges: [], hasNextPage: false, hasPreviousPage: false)
            ) { total }
        }
    }
}
