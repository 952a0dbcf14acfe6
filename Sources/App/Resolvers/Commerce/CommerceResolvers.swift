import GraphQL
import Storage

/// Both apps' shopping: market, goods, shops, cart, addresses, orders, basket, the lunch
/// menu, app configuration and settings.
enum CommerceResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        ShopResolvers.register(&resolvers)
        GoodsResolvers.register(&resolvers)
        KindResolvers.register(&resolvers)
        ReviewResolvers.register(&resolvers)
        CartResolvers.register(&resolvers)
        AddressResolvers.register(&resolvers)
        OrderResolvers.register(&resolvers)
        BasketResolvers.register(&resolvers)
        LunchResolvers.register(&resolvers)
        AppConfigResolvers.register(&resolvers)
        SettingsResolvers.register(&resolvers)
        CommerceQueries.register(&resolvers)
        CartMutations.register(&resolvers)
        CommerceMutations.register(&resolvers)
    }

    /// How `node`/`nodes` load this area's object types by row id. Personal objects (cart
    /// lines, addresses, orders) load only for their owner: for anyone else, or an
    /// anonymous client, they are missing.
    static let nodeLoaders: [String: NodeLoader] = [
        "Shop": { ids, context in
            objects(try context.store.market.shops(ids: ids), type: "Shop")
        },
        "Kind": { ids, context in
            objects(try context.store.market.kinds(ids: ids), type: "Kind")
        },
        "Goods": { ids, context in
            objects(try context.store.market.goods(ids: ids), type: "Goods")
        },
        "Review": { ids, context in
            objects(try context.store.market.reviews(ids: ids), type: "Review")
        },
        "CartItem": { ids, context in
            guard let viewerID = context.viewerID else { return [:] }
            return objects(try context.store.cart.cartLines(ids: ids, userID: viewerID), type: "CartItem")
        },
        "Address": { ids, context in
            guard let viewerID = context.viewerID else { return [:] }
            return objects(try context.store.addresses.addresses(ids: ids, userID: viewerID), type: "Address")
        },
        "Order": { ids, context in
            guard let viewerID = context.viewerID else { return [:] }
            return objects(try context.store.orders.orders(ids: ids, userID: viewerID), type: "Order")
        },
    ]

    private static func objects<Object>(_ loaded: [Int64: Object], type: String) -> [Int64: Resolved] {
        loaded.mapValues { .object($0, type: type) }
    }
}
