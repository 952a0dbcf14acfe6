import Foundation
import Storage
import Testing

/// The demo data set behind the staleness tests, the accounts that act on it, and the ids
/// the screens and mutations name (filled as the mutations make drafts, dishes, lines…).
final class StalenessFixture {
    let server: TestServer
    let alice: TestAccount
    let xiaoming: TestAccount
    let meimei: TestAccount
    var recipes: [String] = []
    var dishes: [String] = []
    var goods: [(id: String, kind: String, shop: String)] = []
    var topic = ""
    var draft = ""
    var dish = ""
    var cartItem = ""
    var address = ""
    var spareAddress = ""
    var ingredient = ""
    /// A second session of meimei's, for `signOut`.
    var session: TestAccount?

    init(server: TestServer) throws {
        self.server = server
        alice = try server.signIn("alice", password: DemoData.password)
        xiaoming = try server.signIn("xiaoming", password: DemoData.password)
        meimei = try server.signIn("meimei", password: DemoData.password)
        let data = try server.anonymous.post(
            """
            query($alice: ID!) { recipes(first: 3) { nodes { id ingredients { name } } }
              user(id: $alice) { dishes(first: 2) { nodes { id } } }
              market(first: 20) { nodes { id shop { id } kinds { id stock } } }
              forums { topics(first: 1) { nodes { id } } } }
            """, ["alice": .string(alice.id)]
        ).ok()
        let recipeNodes = data["recipes"]["nodes"].array
        recipes = recipeNodes.compactMap { $0["id"].string }
        dishes = data["user"]["dishes"]["nodes"].array.compactMap { $0["id"].string }
        ingredient = try #require(recipeNodes.first?["ingredients"].array.first?["name"].string)
        goods = data["market"]["nodes"].array.compactMap { node in
            guard let id = node["id"].string, let shop = node["shop"]["id"].string,
                let kind = node["kinds"].array.first(where: { ($0["stock"].int ?? 0) >= 10 })?["id"].string
            else { return nil }
            return (id, kind, shop)
        }
        let topics = data["forums"].array.compactMap { $0["topics"]["nodes"].array.first?["id"].string }
        topic = try #require(topics.first)
        #expect(recipes.count == 3 && dishes.count >= 2 && goods.count >= 2)
    }

    /// One screen as one client asks it.
    struct Screen {
        let label: String
        let client: GraphQLClient
        let query: String
        var variables: [String: JSON] = [:]
    }

    /// Every screen for the anonymous client and three viewers.
    var screens: [Screen] {
        typealias S = StalenessScreens
        let anonymous = server.anonymous
        var screens: [Screen] = []
        for (name, client) in [("anonymous", anonymous), ("alice", alice.client), ("xiaoming", xiaoming.client)] {
            for (index, recipe) in recipes.enumerated() {
                screens.append(Screen(label: "\(name) recipe \(index)", client: client, query: S.recipePage, variables: ["id": .string(recipe)]))
            }
            screens.append(Screen(label: "\(name) dish", client: client, query: S.dishPage, variables: ["id": .string(dishes[0])]))
            screens.append(Screen(label: "\(name) profile", client: client, query: S.profile, variables: ["id": .string(meimei.id)]))
            screens.append(Screen(label: "\(name) market", client: client, query: S.market))
            screens.append(Screen(label: "\(name) goods", client: client, query: S.goodsPage, variables: ["id": .string(goods[0].id)]))
        }
        for client in [alice.client, xiaoming.client, meimei.client] {
            let name = client.token == alice.token ? "alice" : client.token == xiaoming.token ? "xiaoming" : "meimei"
            for (label, query) in [("viewer", S.viewer), ("feed", S.feed), ("cart", S.cart), ("basket", S.basket),
                                   ("search history", S.searchHistory), ("addresses", S.addresses),
                                   ("order preview", S.orderPreview), ("orders", S.orders), ("lunch", S.lunchMenu)] {
                screens.append(Screen(label: "\(name) \(label)", client: client, query: query))
            }
        }
        screens += [
            Screen(label: "recipe list", client: anonymous, query: S.recipeList),
            Screen(label: "alice's profile", client: anonymous, query: S.profile, variables: ["id": .string(alice.id)]),
            Screen(label: "search recipes", client: anonymous, query: S.search, variables: ["k": "鸡蛋", "t": "RECIPE"]),
            Screen(label: "search users", client: anonymous, query: S.search, variables: ["k": "alice", "t": "USER"]),
            Screen(label: "shop", client: anonymous, query: S.shop, variables: ["id": .string(goods[0].shop)]),
            Screen(label: "forums", client: anonymous, query: S.forums),
            Screen(label: "topic", client: anonymous, query: S.topic, variables: ["id": .string(topic)]),
            Screen(label: "node", client: anonymous, query: S.node, variables: ["id": .string(recipes[0])]),
            Screen(label: "mention candidates", client: alice.client, query: S.mentionCandidates, variables: ["id": .string(recipes[0])]),
        ]
        return screens
    }
}
