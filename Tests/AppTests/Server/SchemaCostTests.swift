import Foundation
import GraphQL
import Storage
import Testing

@testable import App

/// `Schema.graphql`'s cost directives, measured with the server's default limits: every
/// list has a known bound, and the lunch app's main screen fits.
@Suite("The product schema's cost")
struct SchemaCostTests {
    static let schema = try! SchemaBuilder.build(sdl: String(contentsOfFile: productSchemaPath, encoding: .utf8))

    /// The cost the server's limits measure for a valid document (from the refusal at 0).
    static func cost(_ text: String) throws -> String {
        let document = try Parser.parse(Source(text))
        #expect(Validator.validate(document, schema: schema).isEmpty)
        var limits = RequestLimits.default.operation
        limits.maxCost = .min
        let message = limits.check(document, schema: schema).first?.message ?? ""
        let start = try #require(message.range(of: "costs ")?.upperBound)
        return String(message[start..<(message[start...].firstIndex(of: ",") ?? message.endIndex)])
    }

    /// The lunch menu as issue 25 asked for it, refused at 16,033 by the old measure.
    static let lunchMenu = """
        { lunchMenu { updatedAt sections { day title items { id name soup foreword
          images { url width height } shop { id name }
          kinds { id name stock originalPrice { cents amount } memberPrice { cents amount } price { cents amount } }
          viewerCartQuantity } } } }
        """

    @Test("every list field has a bound: its own @listSize, or the one of each field that returns its type")
    func everyListBounded() throws {
        var sizedBy: [String: Set<String>] = [:]  // type name → its fields some @listSize sizes
        var returning: [String: Int] = [:]
        for name in Self.schema.typeNames {
            for field in Self.schema[name]?.fields ?? [] {
                returning[field.type.namedType, default: 0] += 1
                guard let listSize = Self.schema.cost.listSize(ofField: field.name, on: name) else { continue }
                for sized in listSize.sizedFields { sizedBy[field.type.namedType, default: []].insert(sized) }
            }
        }
        var unbounded: [String] = []
        for name in Self.schema.typeNames where !name.hasPrefix("__") {
            for field in Self.schema[name]?.fields ?? [] where field.type.isList {
                let listSize = Self.schema.cost.listSize(ofField: field.name, on: name)
                let bounded = listSize?.assumedSize != nil || sizedBy[name]?.contains(field.name) == true
                if !bounded { unbounded.append("\(name).\(field.name)") }
            }
        }
        #expect(unbounded == [])
    }

    @Test("the lunch app's weekly menu, with every field the screen shows, fits the default limit")
    func lunchMenu() throws {
        // lunchMenu 1 + sections (1 + 6 × items (1 + 20 × (images 1 + shop 1 + kinds 1))):
        // Money is derived from its parent and weighs 0.
        #expect(try Self.cost(Self.lunchMenu) == "368")
        let document = try Parser.parse(Source(Self.lunchMenu))
        #expect(RequestLimits.default.operation.check(document, schema: Self.schema).isEmpty)
    }

    @Test("a connection counts its first: the page a client asks for, 100 at most")
    func connections() throws {
        // recipes 1 + nodes (1 + n × author 1) + totalCount 1
        #expect(try Self.cost("{ recipes(first: 5) { nodes { name author { name } } totalCount } }") == "8")
        #expect(try Self.cost("{ recipes { nodes { name author { name } } } }") == "22")
        #expect(try Self.cost("query($n: Int) { recipes(first: $n) { nodes { author { name } } } }") == "102")
    }

    @Test("a screen over the limit is refused naming its costliest list")
    func refusal() throws {
        let text = """
            query Heavy { market(first: 100) { nodes { reviews(first: 100) { nodes { author { name } photos { url } } } } } }
            """
        let document = try Parser.parse(Source(text))
        let message = RequestLimits.default.operation.check(document, schema: Self.schema).first?.message
        // market 1 + nodes (1 + 100 × reviews (1 + nodes (1 + 100 × (author 1 + photos 1))))
        #expect(message?.hasPrefix(
            "Operation \"Heavy\" costs 20202, more than the limit of 10000; the costliest field is "
                + "market.nodes.reviews.nodes (20000: its selections cost 2 for each of up to 10000 items (100 × 100)).") == true)
    }
}

/// The bounds the schema promises are the ones the data keeps.
@Suite("The schema's list sizes and the data's bounds")
struct SchemaBoundsTests {
    @Test("every fixed @listSize(assumedSize:) is the bound Storage enforces on write")
    func sameNumbers() {
        let expected: [String: Int] = [
            "Dish.photos": Bounds.dishPhotos, "Dish.tags": Bounds.dishTags, "Review.photos": Bounds.reviewPhotos,
            "Goods.images": Bounds.goodsImages, "Goods.kinds": Bounds.goodsKinds, "Goods.attributes": Bounds.goodsAttributes,
            "Recipe.steps": Bounds.recipeSteps, "Recipe.ingredients": Bounds.recipeIngredients,
            "Draft.steps": Bounds.recipeSteps, "Draft.ingredients": Bounds.recipeIngredients,
            "BasketRecipe.ingredients": Bounds.recipeIngredients, "Comment.mentions": Bounds.commentMentions,
            "Query.forums": Bounds.forums, "Query.searchHistory": Bounds.searchHistory,
            "Mutation.recordSearch": Bounds.searchHistory, "Mutation.clearSearchHistory": Bounds.searchHistory,
            "Query.addresses": Bounds.addresses, "Mutation.removeAddress": Bounds.addresses,
            "Mutation.setDefaultAddress": Bounds.addresses,
            "Basket.recipes": Bounds.basketRecipes, "MergedIngredient.amounts": Bounds.basketRecipes,
            "Basket.merged": Bounds.basketRecipes * Bounds.recipeIngredients,
            "CartShop.items": Bounds.cartLinesPerShop, "OrderShopGroup.lines": Bounds.cartLinesPerShop,
            "Cart.shops": Bounds.cartShops, "OrderPreview.shops": Bounds.cartShops, "Order.shops": Bounds.cartShops,
            "LunchSection.items": Bounds.lunchItemsPerDay, "LunchMenu.sections": LunchDay.allCases.count,
            "AppConfig.onboardingPages": Bounds.onboardingPages,
        ]
        let schema = SchemaCostTests.schema
        var found: [String: Int] = [:]
        for name in schema.typeNames {
            for field in schema[name]?.fields ?? [] {
                guard let listSize = schema.cost.listSize(ofField: field.name, on: name),
                    listSize.slicingArguments.isEmpty, let size = listSize.assumedSize,
                    name != "Query" || field.name != "nodes"
                else { continue }
                found["\(name).\(field.name)"] = size
            }
        }
        #expect(found == expected)
    }
}

/// A bound reaches the client as `BAD_USER_INPUT` naming it, through the real server.
@Suite("List bounds over GraphQL")
struct BoundsOverGraphQLTests {
    @Test("the 21st address is refused naming the bound, and the addresses stay as they were")
    func addresses() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("cook")
        let add = """
            mutation($n: String!) { addAddress(input: { name: $n, phone: "13800138000", region: "上海", detail: "1 号" }) { id } }
            """
        for n in 0..<Bounds.addresses { _ = try cook.client.post(add, ["n": .string("收件人\(n)")]).ok() }
        let refused = try cook.client.post(add, ["n": .string("多一个")])
        #expect(refused.errorCode == "BAD_USER_INPUT")
        #expect(refused.errorMessage == "An account holds at most 20 addresses; this would make 21.")
        let kept = try cook.client.post("{ addresses { name isDefault } }").ok()["addresses"].array
        #expect(kept.count == 20)
        #expect(kept.first?["name"].string == "收件人19")
    }
}
