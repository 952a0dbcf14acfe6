import Foundation
import Storage
import Testing
@testable import App

@Suite("Market, goods, shops, the lunch menu and app config")
struct CommerceQueriesTests {
    @Test("the market lists goods newest first in keyset pages; lunch dishes are not listed")
    func market() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let document = """
            query($first: Int, $after: String) { market(first: $first, after: $after) {
              totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
              edges { cursor node { name } } nodes { name } } }
            """
        let first = try world.anonymous.post(document, ["first": 4]).ok()["market"]
        #expect(first["totalCount"].int == 7)
        #expect(first["nodes"].array.map { $0["name"].string ?? "" } == ["bulk", "contested", "rice", "wok"])
        #expect(first["edges"].array.map { $0["node"] } == first["nodes"].array)
        #expect(first["pageInfo"]["hasNextPage"].bool == true)
        #expect(first["pageInfo"]["hasPreviousPage"].bool == false)
        #expect(first["pageInfo"]["endCursor"] == first["edges"][3]["cursor"])
        let second = try world.anonymous.post(document, ["first": 4, "after": first["pageInfo"]["endCursor"]]).ok()["market"]
        #expect(second["nodes"].array.map { $0["name"].string ?? "" } == ["ribs", "strawberry", "apple"])
        #expect(second["pageInfo"]["hasNextPage"].bool == false)
        #expect(second["pageInfo"]["hasPreviousPage"].bool == true)

        #expect(try world.anonymous.post(document, ["first": 101]).errorCode == "BAD_USER_INPUT")
        #expect(try world.anonymous.post(document, ["after": "garbage!"]).errorCode == "BAD_USER_INPUT")
    }

    @Test("a goods shows its shop, kinds, attributes, images, counts and reviews (全部评价 and 晒图)")
    func goodsDetail() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let reviewer = try world.account()
        try world.stores { stores in
            let market = stores.market
            let goods = world.catalog.goods["strawberry"] ?? 0
            _ = try market.addReview(goodsID: goods, authorID: reviewer.userID, rating: 5, text: "很甜", photos: [], kindName: nil)
            _ = try market.addReview(
                goodsID: goods, authorID: reviewer.userID, rating: 4, text: "晒一下",
                photos: [Photo(url: "https://img.example/r1.jpg", width: 100, height: 100)], kindName: "500g")
            _ = try market.addReview(goodsID: goods, authorID: reviewer.userID, rating: 2, text: "一般", photos: [], kindName: nil)
        }
        let data = try world.anonymous.post(
            """
            query($id: ID!) { goods(id: $id) {
              id name foreword description soup salesCount averageRating reviewsCount photoReviewsCount
              viewerCartQuantity images { url width height } attributes { name value }
              shop { id name logo { url } announcement shippingFee { amount } freeShippingThreshold { amount } }
              kinds { id name stock price { amount } originalPrice { amount } memberPrice { amount } }
              all: reviews(first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { text rating author { id } } }
              photos: reviews(withPhotosOnly: true) { totalCount nodes { text kindName photos { url } } }
            } }
            """, ["id": .string(world.catalog.goodsID("strawberry"))]
        ).ok()["goods"]
        #expect(data["id"].string == world.catalog.goodsID("strawberry"))
        #expect(data["shop"]["name"].string == "鲜果园")
        #expect(data["shop"]["logo"]["url"].string == "https://img.example/fruit.png")
        #expect(data["shop"]["shippingFee"]["amount"].string == "8.00")
        #expect(data["shop"]["freeShippingThreshold"]["amount"].string == "99.00")
        #expect(data["kinds"].array.map { $0["name"].string ?? "" } == ["250g", "500g"])
        #expect(data["kinds"][1]["originalPrice"]["amount"].string == "50.00")
        #expect(data["kinds"][0]["originalPrice"].isNull)
        #expect(data["kinds"][0]["memberPrice"].isNull)
        #expect(data["attributes"][0] == ["name": "产地", "value": "上海"])
        #expect(data["images"][0]["width"].int == 800)
        #expect(data["reviewsCount"].int == 3)
        #expect(data["photoReviewsCount"].int == 1)
        if case .number(let rating) = data["averageRating"] {
            #expect(abs(rating - 11.0 / 3.0) < 1e-9)
        } else {
            Issue.record("averageRating is \(data["averageRating"])")
        }
        #expect(data["viewerCartQuantity"].int == 0)
        #expect(data["all"]["totalCount"].int == 3)
        #expect(data["all"]["nodes"].array.map { $0["text"].string ?? "" } == ["一般", "晒一下"])
        #expect(data["all"]["nodes"][0]["author"]["id"].string == reviewer.id)
        #expect(data["all"]["pageInfo"]["hasNextPage"].bool == true)
        #expect(data["photos"]["totalCount"].int == 1)
        #expect(data["photos"]["nodes"][0]["photos"][0]["url"].string == "https://img.example/r1.jpg")
        #expect(data["photos"]["nodes"][0]["kindName"].string == "500g")

        let missing = try world.anonymous.post(
            "query($g: ID!, $s: ID!) { goods(id: $g) { id } shop(id: $s) { id } }",
            ["g": .string(GlobalID("Goods", 999).encoded), "s": .string(GlobalID("Shop", 999).encoded)]
        ).ok()
        #expect(missing["goods"].isNull)
        #expect(missing["shop"].isNull)
    }

    @Test("a shop lists its own goods, newest first")
    func shopGoods() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let shop = try world.anonymous.post(
            "query($id: ID!) { shop(id: $id) { name goods(first: 2) { totalCount nodes { name shop { name } } pageInfo { hasNextPage } } } }",
            ["id": .string(world.catalog.shopID("grain"))]
        ).ok()["shop"]
        #expect(shop["goods"]["totalCount"].int == 3)
        #expect(shop["goods"]["nodes"].array.map { $0["name"].string ?? "" } == ["bulk", "contested"])
        #expect(shop["goods"]["nodes"].array.allSatisfy { $0["shop"]["name"].string == "粮油小铺" })
        #expect(shop["goods"]["pageInfo"]["hasNextPage"].bool == true)
    }

    @Test("the lunch menu has Monday to Friday and the weekend, with soups and the viewer's cart quantities")
    func lunchMenu() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let member = try world.account(member: true)
        let document = """
            { lunchMenu { updatedAt sections { day title items {
                id name soup viewerCartQuantity kinds { originalPrice { amount } memberPrice { amount } } } } } }
            """
        let anonymous = try world.anonymous.post(document).ok()["lunchMenu"]
        #expect(anonymous["sections"].array.map { $0["day"].string ?? "" }
            == ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "WEEKEND"])
        #expect(anonymous["sections"][0]["title"].string == "周一 Monday")
        #expect(anonymous["sections"][5]["title"].string == "周末 Weekend")
        #expect(anonymous["sections"][2]["items"].array.map { $0["name"].string ?? "" }
            == ["lunch-wednesday-0", "lunch-wednesday-1"])
        #expect(anonymous["sections"][0]["items"][1]["soup"].string == "例汤 0-1")
        #expect(anonymous["sections"][0]["items"][0]["kinds"][0]["memberPrice"]["amount"].string == "22.00")
        #expect(anonymous["updatedAt"].string?.hasSuffix("Z") == true)
        #expect(anonymous["sections"].array.flatMap { $0["items"].array }.allSatisfy { $0["viewerCartQuantity"].int == 0 })

        let cart = try member.client.addToCart(world.catalog.goodsID("lunch-friday-1"), quantity: 2)
        #expect(cart["shops"][0]["items"][0]["unitPrice"]["amount"].string == "22.00")
        let mine = try member.client.post(document).ok()["lunchMenu"]
        #expect(mine["sections"][4]["items"][1]["viewerCartQuantity"].int == 2)
        #expect(mine["sections"][4]["items"][0]["viewerCartQuantity"].int == 0)
    }

    @Test("onboarding shows when the client is newer than the last seen version, compared number by number", arguments: [
        ("1.10", "1.9", true),
        ("1.9", "1.10", false),
        ("2.0", "2.0.0", false),
        ("2.0.1", "2.0", true),
        ("1.10.0", nil, true),
    ] as [(String, String?, Bool)])
    func appConfig(client: String, lastSeen: String?, shows: Bool) throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        var variables: [String: JSON] = ["client": .string(client)]
        if let lastSeen { variables["seen"] = .string(lastSeen) }
        let config = try world.anonymous.post(
            """
            query($client: String!, $seen: String) { appConfig(app: LUNCH, clientVersion: $client, lastSeenVersion: $seen) {
              latestVersion showOnboarding onboardingPages { title image { url } } } }
            """, variables
        ).ok()["appConfig"]
        #expect(config["latestVersion"].string == "1.10.0")
        #expect(config["showOnboarding"].bool == shows)
        #expect(config["onboardingPages"].array.count == (shows ? 2 : 0))
        if shows {
            #expect(config["onboardingPages"][0]["title"].string == "会员价午餐")
            #expect(config["onboardingPages"][0]["image"]["url"].string == "https://img.example/onboarding-1.png")
        }
    }
}
