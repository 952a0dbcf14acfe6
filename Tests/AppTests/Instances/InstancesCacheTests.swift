import Foundation
import Testing

@testable import App

/// Each instance's response cache and token cache drop what another instance's write
/// changed, and only that: the commit's notification carries its change set.
@Suite("Caches across instances", TwoInstances.enabled)
struct InstancesCacheTests {
    /// Whether `client` is answered `query` from A's cache now (no SQL at all).
    static func isCached(_ client: GraphQLClient, _ query: String, _ variables: [String: JSON] = [:]) throws -> Bool {
        try client.post(query, variables).sqlStatements == 0
    }

    /// Asks until the answer satisfies `fresh` (the other instance's notification is on its
    /// way); whether it did within the deadline.
    static func becomes(
        _ client: GraphQLClient, _ query: String, _ variables: [String: JSON] = [:], _ fresh: (JSON) -> Bool
    ) throws -> Bool {
        try StreamBehaviourTests.eventually { fresh(try client.post(query, variables).data) }
    }

    @Test("a comment through B drops that recipe's page from A's cache, not the other recipes' pages")
    func commentThroughB() throws {
        let pair = try TwoInstances.start(demo: true)
        defer { pair.stop() }
        let fixture = try StalenessFixture(server: pair.a)
        let page = StalenessScreens.recipePage
        let ids = fixture.recipes.map { ["id": JSON.string($0)] }
        let reader = pair.a.anonymous
        for variables in ids { _ = try reader.post(page, variables).ok() }
        #expect(try ids.allSatisfy { try Self.isCached(reader, page, $0) })
        _ = try pair.onB(fixture.meimei.client).post(
            #"mutation($id: ID!) { addComment(targetId: $id, text: "Written on B") { id } }"#, ids[1]
        ).ok()
        #expect(try Self.becomes(reader, page, ids[1]) { $0.text.contains("Written on B") })
        #expect(try Self.isCached(reader, page, ids[0]), "recipe 0 read nothing the comment changed")
        #expect(try Self.isCached(reader, page, ids[2]), "recipe 2 read nothing the comment changed")
    }

    @Test("a cart change through B drops that viewer's cart on A, not another viewer's")
    func cartThroughB() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let (ann, bob) = (try pair.world.account(), try pair.world.account())
        try ann.client.addToCart(pair.catalog.goodsID("apple"))
        try bob.client.addToCart(pair.catalog.goodsID("apple"))
        let cart = CommerceDocuments.cart
        for buyer in [ann, bob] {
            _ = try buyer.client.post(cart).ok()
            #expect(try Self.isCached(buyer.client, cart))
        }
        try pair.onB(ann.client).addToCart(pair.catalog.goodsID("apple"), quantity: 2)
        #expect(try Self.becomes(ann.client, cart) { $0["cart"]["totalQuantity"].int == 3 })
        #expect(try Self.isCached(bob.client, cart), "Bob's cart read nothing of Ann's")
    }

    @Test("a price changed by another instance reaches the carts A keeps; answers that read no price stay kept")
    func priceElsewhere() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let buyer = try pair.world.account()
        try buyer.client.addToCart(pair.catalog.goodsID("apple"))
        let (cart, viewer) = (CommerceDocuments.cart, "{ viewer { username } }")
        for query in [cart, viewer] { _ = try buyer.client.post(query).ok() }
        let before = try buyer.client.cart()["selectedSubtotal"]["amount"].string
        // A third Kitchen store on the database writes it (no mutation changes prices).
        try pair.world.setKindCents("apple-1kg", column: "price_cents", to: 12_345)
        #expect(try Self.becomes(buyer.client, cart) { $0["cart"]["selectedSubtotal"]["amount"].string == "123.45" })
        #expect(before != "123.45")
        #expect(try Self.isCached(buyer.client, viewer), "the viewer's name read no price")
    }

    @Test("a token signed out through B is refused on A, though A had it cached; its other token stays good")
    func signOutThroughB() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let phone = try pair.a.signUp("roamer")
        let tablet = try pair.a.signIn(phone.username, password: TestAccount.password)
        let viewer = "{ viewer { username } }"
        for account in [phone, tablet] {
            _ = try account.client.post(viewer).ok()
            #expect(try Self.isCached(account.client, viewer))
        }
        _ = try pair.onB(phone.client).post("mutation { signOut }").ok()
        #expect(try Self.becomes(phone.client, viewer) { $0["viewer"] == .null })
        #expect(try phone.client.post("{ cart { totalQuantity } }").errorCode == "UNAUTHENTICATED")
        #expect(try tablet.client.post(viewer).ok()["viewer"]["username"].string == phone.username)
    }
}
