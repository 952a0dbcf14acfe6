import Foundation
import Storage
import Testing
@testable import App

@Suite("The basket (菜篮子) and settings")
struct BasketAndSettingsTests {
    /// Publishes a recipe with these ingredients, straight in storage; returns its global ID.
    static func recipe(_ world: CommerceWorld, by author: Buyer, _ name: String, _ ingredients: [(String, String)]) throws -> String {
        try world.stores { stores in
            let drafts = stores.drafts
            let draft = try drafts.createDraft(authorID: author.userID, name: name)
            _ = try drafts.setIngredients(
                draftID: draft.id, authorID: author.userID, ingredients.map { Ingredient(name: $0.0, amount: $0.1) })
            _ = try drafts.addStep(draftID: draft.id, authorID: author.userID, at: nil)
            _ = try drafts.updateStep(draftID: draft.id, authorID: author.userID, index: 0, StepChange(text: "做好"))
            return GlobalID("Recipe", try drafts.publishDraft(id: draft.id, authorID: author.userID).id).encoded
        }
    }

    static let basketFields = "{ recipes { recipe { id } ingredients { name amount purchased } } merged { name amounts purchased } }"

    @Test("same-named ingredients merge across recipes, and a mark applies to every one of them")
    func merging() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let cook = try world.account()
        let tomatoEggs = try Self.recipe(world, by: cook, "番茄炒蛋", [("鸡蛋", "3 个"), ("番茄", "2 个"), ("盐", "少许")])
        let soup = try Self.recipe(world, by: cook, "蛋花汤", [(" 鸡蛋 ", "2 个"), ("Salt", "1 tsp"), ("葱", "1 根")])
        let salted = try Self.recipe(world, by: cook, "Salted eggs", [("salt", "2 tbsp")])

        let add = "mutation($id: ID!) { addRecipeToBasket(recipeId: $id) \(Self.basketFields) }"
        _ = try cook.client.post(add, ["id": .string(tomatoEggs)]).ok()
        _ = try cook.client.post(add, ["id": .string(soup)]).ok()
        _ = try cook.client.post(add, ["id": .string(salted)]).ok()
        let again = try cook.client.post(add, ["id": .string(tomatoEggs)]).ok()["addRecipeToBasket"]
        #expect(again["recipes"].array.map { $0["recipe"]["id"].string ?? "" } == [tomatoEggs, soup, salted])
        let merged = again["merged"].array
        #expect(merged.map { $0["name"].string ?? "" } == ["鸡蛋", "番茄", "盐", "Salt", "葱"])
        #expect(merged[0]["amounts"] == ["3 个", "2 个"])
        #expect(merged[3]["amounts"] == ["1 tsp", "2 tbsp"])

        let marked = try cook.client.post(
            "mutation { setIngredientPurchased(name: \" SALT \", purchased: true) \(Self.basketFields) }"
        ).ok()["setIngredientPurchased"]
        #expect(marked["merged"][3]["purchased"].bool == true)
        #expect(marked["merged"][0]["purchased"].bool == false)
        #expect(marked["recipes"][2]["ingredients"][0]["purchased"].bool == true)
        #expect(marked["recipes"][1]["ingredients"][1]["purchased"].bool == true)

        let blank = try cook.client.post("mutation { setIngredientPurchased(name: \"  \", purchased: true) { merged { name } } }")
        #expect(blank.errorCode == "BAD_USER_INPUT")

        let removed = try cook.client.post(
            "mutation($id: ID!) { removeRecipeFromBasket(recipeId: $id) \(Self.basketFields) }", ["id": .string(soup)]
        ).ok()["removeRecipeFromBasket"]
        #expect(removed["recipes"].array.count == 2)
        #expect(removed["merged"][0]["amounts"] == ["3 个"])

        let cleared = try cook.client.post("mutation { clearBasket \(Self.basketFields) }").ok()["clearBasket"]
        #expect(cleared["recipes"].array.isEmpty)
        #expect(try cook.client.post("{ basket \(Self.basketFields) }").ok()["basket"] == cleared)

        let missing = try cook.client.post(add, ["id": .string(GlobalID("Recipe", 999_999).encoded)])
        #expect(missing.errorCode == "NOT_FOUND")
    }

    @Test("updateSettings changes only the fields given; a malformed time changes nothing")
    func settings() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let update = "mutation($input: SettingsInput!) { updateSettings(input: $input) { lunchReminderEnabled lunchReminderTime pushEnabled } }"
        let defaults = try buyer.client.post(update, ["input": [:]]).ok()["updateSettings"]
        #expect(defaults == ["lunchReminderEnabled": false, "lunchReminderTime": "11:30", "pushEnabled": true])
        let changed = try buyer.client.post(update, ["input": ["lunchReminderEnabled": true, "lunchReminderTime": "11:05"]]).ok()["updateSettings"]
        #expect(changed == ["lunchReminderEnabled": true, "lunchReminderTime": "11:05", "pushEnabled": true])
        for time in ["25:00", "11:5", "noon"] {
            let bad = try buyer.client.post(update, ["input": ["lunchReminderTime": .string(time), "pushEnabled": false]])
            #expect(bad.errorCode == "BAD_USER_INPUT")
        }
        #expect(try buyer.client.post(update, ["input": [:]]).ok()["updateSettings"] == changed)
    }
}
