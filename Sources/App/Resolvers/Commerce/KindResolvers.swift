import GraphQL
import Storage

/// `Kind` (one purchasable variant of a goods) and `GoodsAttribute` (a row of its table).
enum KindResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Kind", parent: Storage.Kind.self) { kind in
            kind.property("id") { GlobalID.encode("Kind", $0.id) }
            kind.property("name") { $0.name }
            kind.property("price") { Money(cents: $0.price) }
            kind.property("originalPrice") { $0.originalPrice.map(Money.init(cents:)) }
            kind.property("memberPrice") { $0.memberPrice.map(Money.init(cents:)) }
            kind.property("stock") { $0.stock }
        }
        resolvers.type("GoodsAttribute", parent: GoodsAttribute.self) { attribute in
            attribute.property("name") { $0.name }
            attribute.property("value") { $0.value }
        }
    }
}
