import GraphQL
import Storage

/// The other commerce mutations: addresses, placing an order, the basket and settings.
enum CommerceMutations {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Mutation") { mutation in
            mutation.field("addAddress", reading: ["input"]) { arguments, context in
                let viewerID = try context.requireViewer()
                return try storage {
                    try context.store.addresses.addAddress(
                        userID: viewerID, AddressResolvers.input(arguments))
                }
            }
            mutation.field("updateAddress", reading: ["id", "input"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Address")
                return try storage {
                    try context.store.addresses.updateAddress(
                        id: id, userID: viewerID, AddressResolvers.input(arguments))
                }
            }
            mutation.field("removeAddress", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Address")
                return try storage {
                    try context.store.addresses.removeAddress(id: id, userID: viewerID)
                }
            }
            mutation.field("setDefaultAddress", reading: ["id"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let id = try arguments.id("id", of: "Address")
                return try storage {
                    try context.store.addresses.setDefault(id: id, userID: viewerID)
                }
            }
            mutation.field("placeOrder", reading: ["input"]) { arguments, context in
                try placeOrder(arguments, context)
            }
            mutation.field("addRecipeToBasket", reading: ["recipeId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let recipeID = try arguments.id("recipeId", of: "Recipe")
                return try storage {
                    try context.store.basket.addRecipe(userID: viewerID, recipeID: recipeID)
                }
            }
            mutation.field("removeRecipeFromBasket", reading: ["recipeId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let recipeID = try arguments.id("recipeId", of: "Recipe")
                return try storage {
                    try context.store.basket.removeRecipe(userID: viewerID, recipeID: recipeID)
                }
            }
            mutation.field("clearBasket") { _, context in
                let viewerID = try context.requireViewer()
                return try storage { try context.store.basket.clear(userID: viewerID) }
            }
            mutation.field("setIngredientPurchased", reading: ["name", "purchased"]) { arguments, context in
                let viewerID = try context.requireViewer()
                return try storage {
                    try context.store.basket.setPurchased(
                        userID: viewerID, name: arguments.string("name") ?? "",
                        purchased: arguments.bool("purchased") ?? false)
                }
            }
            mutation.field("updateSettings", reading: ["input"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let settings = try storage {
                    try context.store.users.updateSettings(
                        userID: viewerID, SettingsResolvers.change(arguments))
                }
                return Resolved.object(settings, type: "Settings")
            }
        }
    }

    /// `placeOrder(input:)`: the selected cart lines, or `buyNow`'s one goods, bought in one
    /// transaction; the same idempotency key returns the first order.
    static func placeOrder(_ arguments: Arguments, _ context: RequestContext) throws -> Order {
        let viewerID = try context.requireViewer()
        let input = Arguments(arguments.object("input") ?? ObjectValue())
        let addressID = try input.id("addressId", of: "Address")
        let source: OrderSource =
            if let buyNow = input.object("buyNow") {
                try CommerceQueries.buyNow(Arguments(buyNow))
            } else {
                .cart
            }
        return try storage {
            try context.store.orders.placeOrder(
                userID: viewerID, addressID: addressID,
                idempotencyKey: input.string("idempotencyKey") ?? "", note: input.string("note"),
                source: source)
        }
    }
}
