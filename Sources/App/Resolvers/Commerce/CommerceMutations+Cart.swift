import GraphQL
import Storage

/// The cart mutations. Each runs in one write transaction (inside the repository) and
/// returns the whole `Cart`, so the client redraws the cart screen without a second request;
/// a refused change leaves the cart as it was.
enum CartMutations {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Mutation") { mutation in
            mutation.field("addToCart", reading: ["goodsId", "kindId", "quantity"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let goodsID = try arguments.id("goodsId", of: "Goods")
                let kindID = try arguments.optionalID("kindId", of: "Kind")
                return try storage {
                    try context.store.cart.addToCart(
                        userID: viewerID, goodsID: goodsID, kindID: kindID,
                        quantity: arguments.int("quantity") ?? 1)
                }
            }
            mutation.field("setItemQuantity", reading: ["itemId", "quantity"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let itemID = try arguments.id("itemId", of: "CartItem")
                return try storage {
                    try context.store.cart.setItemQuantity(
                        userID: viewerID, itemID: itemID, quantity: arguments.int("quantity") ?? 0)
                }
            }
            mutation.field("setItemSelected", reading: ["itemId", "selected"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let itemID = try arguments.id("itemId", of: "CartItem")
                return try storage {
                    try context.store.cart.setItemSelected(
                        userID: viewerID, itemID: itemID, selected: arguments.bool("selected") ?? false)
                }
            }
            mutation.field("setShopSelected", reading: ["shopId", "selected"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let shopID = try arguments.id("shopId", of: "Shop")
                return try storage {
                    try context.store.cart.setShopSelected(
                        userID: viewerID, shopID: shopID, selected: arguments.bool("selected") ?? false)
                }
            }
            mutation.field("setAllSelected", reading: ["selected"]) { arguments, context in
                let viewerID = try context.requireViewer()
                return try storage {
                    try context.store.cart.setAllSelected(
                        userID: viewerID, selected: arguments.bool("selected") ?? false)
                }
            }
            mutation.field("removeCartItems", reading: ["itemIds"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let itemIDs = try CommerceOutput.ids(arguments, "itemIds", of: "CartItem")
                return try storage {
                    try context.store.cart.removeItems(userID: viewerID, itemIDs: itemIDs)
                }
            }
            mutation.field("removeSelectedItems") { _, context in
                let viewerID = try context.requireViewer()
                return try storage {
                    try context.store.cart.removeSelected(userID: viewerID)
                }
            }
        }
    }
}
