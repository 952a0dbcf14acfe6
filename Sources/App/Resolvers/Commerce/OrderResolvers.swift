import GraphQL
import Storage

/// `Order`, `OrderPreview`, `OrderShopGroup` and `OrderLine`: what an order costs or cost,
/// shop by shop. The money rules live in `Storage.Pricing`; these resolvers only show them.
enum OrderResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Order", parent: Order.self) { order in
            order.property("id") { GlobalID.encode("Order", $0.id) }
            order.property("status") { $0.status.rawValue }
            order.property("shops") { $0.shops }
            order.property("address") { $0.address }
            order.property("note") { $0.note }
            order.property("quantity") { $0.quantity }
            order.property("subtotal") { Money(cents: $0.subtotal) }
            order.property("discount") { Money(cents: $0.discount) }
            order.property("shippingFee") { Money(cents: $0.shippingFee) }
            order.property("total") { Money(cents: $0.total) }
            order.property("createdAt") { $0.createdAt }
        }
        resolvers.type("OrderPreview", parent: OrderPreview.self) { preview in
            preview.property("address") { $0.address }
            preview.property("shops") { $0.shops }
            preview.property("quantity") { $0.quantity }
            preview.property("subtotal") { Money(cents: $0.subtotal) }
            preview.property("discount") { Money(cents: $0.discount) }
            preview.property("shippingFee") { Money(cents: $0.shippingFee) }
            preview.property("total") { Money(cents: $0.total) }
        }
        resolvers.type("OrderShopGroup", parent: OrderShopGroup.self) { group in
            group.batch("shop") { groups, _, context in
                let shops = try context.store.market.shops(ids: groups.map(\.shopID))
                return CommerceOutput.lookup(groups, key: \.shopID, in: shops)
            }
            group.property("lines") { $0.lines }
            group.property("subtotal") { Money(cents: $0.subtotal) }
            group.property("discount") { Money(cents: $0.discount) }
            group.property("shippingFee") { Money(cents: $0.shippingFee) }
            group.property("total") { Money(cents: $0.total) }
        }
        resolvers.type("OrderLine", parent: OrderLine.self) { line in
            line.batch("goods") { lines, _, context in
                let goods = try context.store.market.goods(ids: lines.map(\.goodsID))
                return CommerceOutput.lookup(lines, key: \.goodsID, in: goods)
            }
            line.property("goodsName") { $0.goodsName }
            line.property("kindName") { $0.kindName }
            line.property("unitPrice") { Money(cents: $0.unitPrice) }
            line.property("quantity") { $0.quantity }
            line.property("lineTotal") { Money(cents: $0.lineTotal) }
        }
        Connection<Order>.register("Order", in: &resolvers)
    }
}
