import GraphQL
import Storage

/// The commerce fields of `Query`: the market, the viewer's cart, addresses, previews,
/// orders and basket, the lunch menu and what an app shows on start.
///
/// Personal fields ask for the viewer first (`UNAUTHENTICATED` without one) and then look
/// only among the viewer's own rows, so another user's object reads as missing.
enum CommerceQueries {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Query") { query in
            query.field("market", reading: ["first", "after"]) { arguments, context in
                let request = try arguments.pageRequest()
                let page = try context.store.market.market(page: request)
                let market = context.store.market
                return Connection(page) { try market.marketCount() }
            }
            query.field("goods", reading: ["id"]) { arguments, context in
                let id = try arguments.id("id", of: "Goods")
                return try context.store.market.goods(ids: [id])[id]
            }
            query.field("shop", reading: ["id"]) { arguments, context in
                let id = try arguments.id("id", of: "Shop")
                return try context.store.market.shops(ids: [id])[id]
            }
            query.field("cart") { _, context in
                try context.store.cart.cart(userID: context.requireViewer())
            }
            query.field("addresses") { _, context in
                try context.store.addresses.addresses(userID: context.requireViewer())
            }
            query.field("orderPreview", reading: ["addressId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let addressID = try arguments.optionalID("addressId", of: "Address")
                return try storage {
                    try context.store.orders.preview(userID: viewerID, addressID: addressID, source: .cart)
                }
            }
            query.field("buyNowPreview", reading: ["goodsId", "kindId", "quantity", "addressId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let source = try buyNow(arguments)
                let addressID = try arguments.optionalID("addressId", of: "Address")
                return try storage {
                    try context.store.orders.preview(
                        userID: viewerID, addressID: addressID, source: source)
                }
            }
            query.field("orders", reading: ["first", "after", "shopId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let request = try arguments.pageRequest()
                let shopID = try arguments.optionalID("shopId", of: "Shop")
                let orders = context.store.orders
                let page = try orders.orders(userID: viewerID, shopID: shopID, page: request)
                return Connection(page) { try orders.ordersCount(userID: viewerID, shopID: shopID) }
            }
            query.field("order", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Order")
                guard let order = try context.store.orders.order(id: id, userID: viewerID) else {
                    throw DomainError.notFound("No order of yours has this ID.").graphQLError
                }
                return order
            }
            query.field("basket") { _, context in
                try context.store.basket.basket(userID: context.requireViewer())
            }
            query.field("lunchMenu") { _, context in
                try context.store.apps.lunchMenu()
            }
            query.field("appConfig", reading: ["app", "clientVersion", "lastSeenVersion"]) { arguments, context in
                let app = AppName(rawValue: arguments.string("app") ?? "") ?? .kitchen
                return try context.store.apps.appConfig(
                    app: app, clientVersion: arguments.string("clientVersion") ?? "",
                    lastSeenVersion: arguments.string("lastSeenVersion"))
            }
        }
    }

    /// `goodsId`, `kindId` and `quantity` (of `buyNowPreview` or a `BuyNowInput`) as an
    /// order source.
    static func buyNow(_ arguments: Arguments) throws(GraphQLError) -> OrderSource {
        .buyNow(
            goodsID: try arguments.id("goodsId", of: "Goods"),
            kindID: try arguments.optionalID("kindId", of: "Kind"),
            quantity: arguments.int("quantity") ?? 1)
    }
}
