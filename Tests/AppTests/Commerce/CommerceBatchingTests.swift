import Foundation
import Storage
import Testing

/// The number of SQL statements a request costs depends on the query's shape, not on the
/// length of its lists: every per-parent load is one batch per level. (Caching is off
/// here: these count what executing a query costs.)
@Suite("SQL statements per request do not grow with list lengths")
struct CommerceBatchingTests {
    /// The SQL statements one request ran, as the server reports them for its own thread.
    static func statements(_ request: () throws -> GraphQLResponse) throws -> Int {
        let response = try request()
        _ = try response.ok()
        return try #require(response.sqlStatements)
    }

    @Test("the cart screen costs the same statements with 2 lines as with 10 across five shops")
    func cartScreen() throws {
        let world = try CommerceWorld.start(caching: false)
        defer { world.stop() }
        let small = try world.account(member: true)
        let large = try world.account(member: true)
        let catalog = world.catalog
        try small.client.addToCart(catalog.goodsID("apple"))
        try small.client.addToCart(catalog.goodsID("ribs"))
        for (goods, kind) in [
            ("apple", nil), ("strawberry", "strawberry-250g"), ("strawberry", "strawberry-500g"), ("ribs", nil),
            ("wok", nil), ("rice", nil), ("contested", nil), ("bulk", nil), ("lunch-monday-0", nil), ("lunch-monday-1", nil),
        ] as [(String, String?)] {
            try large.client.addToCart(catalog.goodsID(goods), kind: kind.map(catalog.kindID))
        }
        let document = "query Cart { cart { ...CartFields shops { items { goods { viewerCartQuantity reviewsCount shop { name } kinds { name } } } } } }\n"
            + CommerceDocuments.cartFields
        #expect(try large.client.post(document).ok()["cart"]["shops"].array.count == 5)
        let two = try Self.statements { try small.client.post(document) }
        let ten = try Self.statements { try large.client.post(document) }
        #expect(two == ten)
        #expect(two > 0)
    }

    @Test("a cart's goods, kinds and shops come with its lines: no statement beyond the cart's own")
    func cartLinesCarryTheirGoods() throws {
        let world = try CommerceWorld.start(caching: false)
        defer { world.stop() }
        let buyer = try world.account(member: true)
        try buyer.client.addToCart(world.catalog.goodsID("apple"))
        try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let bare = try Self.statements { try buyer.client.post("{ cart { totalQuantity } }") }
        let full = try Self.statements {
            try buyer.client.post(
                "{ cart { shops { shop { name shippingFee { amount } } items { goods { name } kind { name stock } } } } }")
        }
        #expect(full == bare)
    }

    @Test("the market with shops, kinds, counts and reviews costs the same for 2 goods as for 7")
    func marketPage() throws {
        let world = try CommerceWorld.start(caching: false)
        defer { world.stop() }
        let buyer = try world.account()
        func document(_ first: Int) -> String {
            """
            { market(first: \(first)) { nodes {
              name shop { name } kinds { name } attributes { name } images { url }
              averageRating reviewsCount photoReviewsCount viewerCartQuantity
              reviews(first: 3) { totalCount nodes { text photos { url } } } } } }
            """
        }
        let two = try Self.statements { try buyer.client.post(document(2)) }
        let seven = try Self.statements { try buyer.client.post(document(7)) }
        #expect(two == seven)
    }

    @Test("the lunch menu costs the same statements whatever the number of dishes")
    func lunchMenu() throws {
        let world = try CommerceWorld.start(caching: false)
        defer { world.stop() }
        let buyer = try world.account()
        let document = """
            { lunchMenu { updatedAt sections { day title items {
              name soup viewerCartQuantity images { url } kinds { price { amount } memberPrice { amount } } } } } }
            """
        let full = try Self.statements { try buyer.client.post(document) }
        try world.stores { stores in
            try stores.apps.setLunchMenu(day: .monday, goodsIDs: [])
            try stores.apps.setLunchMenu(day: .tuesday, goodsIDs: [world.catalog.goods["lunch-monday-0"] ?? 0])
        }
        let fewer = try Self.statements { try buyer.client.post(document) }
        #expect(full == fewer)
    }
}
