import GraphQL
import Storage

/// `Cart`, `CartShop` and `CartItem`: the viewer's cart grouped by shop. Selection state and
/// totals are derived from the lines (see `Storage.Cart`), never stored; each line comes
/// with its goods, kind and shop.
enum CartResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Cart", parent: Cart.self) { cart in
            cart.property("shops") { $0.shops }
            cart.property("allSelected") { $0.allSelected }
            cart.property("totalQuantity") { $0.totalQuantity }
            cart.property("selectedQuantity") { $0.selectedQuantity }
            cart.property("selectedSubtotal") { Money(cents: $0.selectedSubtotal) }
        }
        resolvers.type("CartShop", parent: CartShopGroup.self) { group in
            group.property("shop") { $0.shop }
            group.property("items") { $0.lines }
            group.property("allSelected") { $0.allSelected }
            group.property("subtotal") { Money(cents: $0.subtotal) }
        }
        resolvers.type("CartItem", parent: CartLine.self) { line in
            line.property("id") { GlobalID.encode("CartItem", $0.id) }
            // Read with the lines (`CartRepository`): no lookups after the cart.
            line.property("goods") { $0.goods }
            line.property("kind") { $0.kind }
            line.property("quantity") { $0.item.quantity }
            line.property("selected") { $0.item.selected }
            line.property("unitPrice") { Money(cents: $0.unitPrice) }
            line.property("lineTotal") { Money(cents: $0.lineTotal) }
        }
    }
}
