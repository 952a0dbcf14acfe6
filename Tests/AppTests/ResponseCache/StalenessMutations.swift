import Foundation
import Storage
import Testing

/// One mutation of the schema, as the staleness tests make it: the field it calls and how.
struct StalenessStep: Sendable {
    let field: String
    let run: @Sendable (StalenessFixture) throws -> Void
}

extension StalenessFixture {
    /// Runs `query` as `account` and returns its data, failing on any error.
    @discardableResult
    func must(_ account: TestAccount?, _ query: String, _ variables: [String: JSON] = [:]) throws -> JSON {
        try (account?.client ?? server.anonymous).post(query, variables).ok()
    }

    /// Every mutation of the schema at least once, in an order in which each can succeed.
    static let steps: [StalenessStep] = [
        StalenessStep(field: "signUp") { f in _ = try f.server.signUp("newcomer") },
        StalenessStep(field: "signIn") { f in f.session = try f.server.signIn("meimei", password: DemoData.password) },
        StalenessStep(field: "signOut") { f in try f.must(f.session, "mutation { signOut }") },
        StalenessStep(field: "updateProfile") { f in
            try f.must(f.alice, #"mutation { updateProfile(input: { name: "Alice Again", bio: "Cooks on Sundays" }) { id } }"#)
        },
        StalenessStep(field: "follow") { f in
            try f.must(f.alice, "mutation($id: ID!) { follow(userId: $id) { id } }", ["id": .string(f.meimei.id)])
        },
        StalenessStep(field: "unfollow") { f in
            try f.must(f.alice, "mutation($id: ID!) { unfollow(userId: $id) { id } }", ["id": .string(f.meimei.id)])
        },
        StalenessStep(field: "collectRecipe") { f in
            try f.must(f.alice, "mutation($id: ID!) { collectRecipe(id: $id) { id } }", ["id": .string(f.recipes[1])])
        },
        StalenessStep(field: "uncollectRecipe") { f in
            try f.must(f.alice, "mutation($id: ID!) { uncollectRecipe(id: $id) { id } }", ["id": .string(f.recipes[1])])
        },
        StalenessStep(field: "createDraft") { f in
            f.draft = try f.must(f.alice, #"mutation { createDraft(name: "葱油拌面") { id } }"#)["createDraft"]["id"].string ?? ""
        },
        StalenessStep(field: "updateDraft") { f in
            try f.must(f.alice, #"mutation($id: ID!) { updateDraft(id: $id, input: { description: "Quick", tips: "Hot oil" }) { id } }"#, ["id": .string(f.draft)])
        },
        StalenessStep(field: "addStep") { f in
            try f.must(f.alice, "mutation($id: ID!) { a: addStep(draftId: $id) { id } b: addStep(draftId: $id) { id } }", ["id": .string(f.draft)])
        },
        StalenessStep(field: "updateStep") { f in
            try f.must(f.alice, #"mutation($id: ID!) { updateStep(draftId: $id, index: 0, input: { text: "Boil the noodles." }) { id } }"#, ["id": .string(f.draft)])
        },
        StalenessStep(field: "moveStep") { f in
            try f.must(f.alice, "mutation($id: ID!) { moveStep(draftId: $id, from: 0, to: 1) { id } }", ["id": .string(f.draft)])
        },
        StalenessStep(field: "removeStep") { f in
            try f.must(f.alice, "mutation($id: ID!) { removeStep(draftId: $id, index: 0) { id } }", ["id": .string(f.draft)])
        },
        StalenessStep(field: "setIngredients") { f in
            try f.must(f.alice, #"mutation($id: ID!) { setIngredients(draftId: $id, ingredients: [{ name: "面", amount: "200g" }]) { id } }"#, ["id": .string(f.draft)])
        },
        StalenessStep(field: "publishDraft") { f in
            try f.must(f.alice, "mutation($id: ID!) { publishDraft(id: $id) { id } }", ["id": .string(f.draft)])
        },
        StalenessStep(field: "deleteDraft") { f in
            let id = try f.must(f.alice, #"mutation { createDraft(name: "Scrap") { id } }"#)["createDraft"]["id"].string ?? ""
            try f.must(f.alice, "mutation($id: ID!) { deleteDraft(id: $id) }", ["id": .string(id)])
        },
        StalenessStep(field: "uploadDish") { f in
            let input: JSON = ["photoUrls": ["https://img.example/dish.jpg"], "description": "My try", "recipeId": .string(f.recipes[0])]
            f.dish = try f.must(f.xiaoming, "mutation($input: UploadDishInput!) { uploadDish(input: $input) { id } }", ["input": input])["uploadDish"]["id"].string ?? ""
        },
        StalenessStep(field: "likeDish") { f in
            try f.must(f.alice, "mutation($id: ID!) { likeDish(id: $id) { id } }", ["id": .string(f.dishes[0])])
        },
        StalenessStep(field: "unlikeDish") { f in
            try f.must(f.alice, "mutation($id: ID!) { unlikeDish(id: $id) { id } }", ["id": .string(f.dishes[0])])
        },
        StalenessStep(field: "addComment") { f in
            try f.must(f.alice, #"mutation($id: ID!) { addComment(targetId: $id, text: "Lovely, @xiaoming") { id } }"#, ["id": .string(f.recipes[0])])
        },
        StalenessStep(field: "addComment") { f in
            try f.must(f.meimei, #"mutation($id: ID!) { addComment(targetId: $id, text: "Nice plate") { id } }"#, ["id": .string(f.dishes[0])])
        },
        StalenessStep(field: "addComment") { f in
            try f.must(f.xiaoming, #"mutation($id: ID!) { addComment(targetId: $id, text: "Same here") { id } }"#, ["id": .string(f.topic)])
        },
        StalenessStep(field: "recordSearch") { f in try f.must(f.alice, #"mutation { recordSearch(keyword: "鸡蛋") }"#) },
        StalenessStep(field: "clearSearchHistory") { f in try f.must(f.alice, "mutation { clearSearchHistory }") },
        StalenessStep(field: "addToCart") { f in
            let cart = try f.must(
                f.alice, "mutation($g: ID!, $k: ID) { addToCart(goodsId: $g, kindId: $k, quantity: 2) { shops { items { id kind { id } } } } }",
                ["g": .string(f.goods[0].id), "k": .string(f.goods[0].kind)])
            let items = cart["addToCart"]["shops"].array.flatMap { $0["items"].array }
            f.cartItem = items.first { $0["kind"]["id"].string == f.goods[0].kind }?["id"].string ?? ""
        },
        StalenessStep(field: "setItemQuantity") { f in
            try f.must(f.alice, "mutation($i: ID!) { setItemQuantity(itemId: $i, quantity: 3) { totalQuantity } }", ["i": .string(f.cartItem)])
        },
        StalenessStep(field: "setItemSelected") { f in
            try f.must(f.alice, "mutation($i: ID!) { setItemSelected(itemId: $i, selected: false) { totalQuantity } }", ["i": .string(f.cartItem)])
        },
        StalenessStep(field: "setShopSelected") { f in
            try f.must(f.alice, "mutation($s: ID!) { setShopSelected(shopId: $s, selected: true) { totalQuantity } }", ["s": .string(f.goods[0].shop)])
        },
        StalenessStep(field: "setAllSelected") { f in
            try f.must(f.alice, "mutation { setAllSelected(selected: false) { totalQuantity } }")
        },
        StalenessStep(field: "removeCartItems") { f in
            try f.must(f.alice, "mutation($i: ID!) { removeCartItems(itemIds: [$i]) { totalQuantity } }", ["i": .string(f.cartItem)])
        },
        StalenessStep(field: "removeSelectedItems") { f in
            try f.must(f.xiaoming, "mutation { setAllSelected(selected: true) { totalQuantity } }")
            try f.must(f.xiaoming, "mutation { removeSelectedItems { totalQuantity } }")
        },
        StalenessStep(field: "addAddress") { f in
            let add = #"mutation($n: String!) { addAddress(input: { name: $n, phone: "13800000000", region: "上海", detail: "1号" }) { id } }"#
            f.address = try f.must(f.alice, add, ["n": "Home"])["addAddress"]["id"].string ?? ""
            f.spareAddress = try f.must(f.alice, add, ["n": "Office"])["addAddress"]["id"].string ?? ""
        },
        StalenessStep(field: "updateAddress") { f in
            try f.must(f.alice, #"mutation($id: ID!) { updateAddress(id: $id, input: { name: "Home", phone: "13900000000", region: "上海", detail: "2号" }) { id } }"#, ["id": .string(f.address)])
        },
        StalenessStep(field: "setDefaultAddress") { f in
            try f.must(f.alice, "mutation($id: ID!) { setDefaultAddress(id: $id) { id } }", ["id": .string(f.address)])
        },
        StalenessStep(field: "removeAddress") { f in
            try f.must(f.alice, "mutation($id: ID!) { removeAddress(id: $id) { id } }", ["id": .string(f.spareAddress)])
        },
        StalenessStep(field: "placeOrder") { f in
            try f.must(f.alice, "mutation($g: ID!, $k: ID) { addToCart(goodsId: $g, kindId: $k, quantity: 1) { totalQuantity } }",
                       ["g": .string(f.goods[1].id), "k": .string(f.goods[1].kind)])
            try f.must(f.alice, "mutation { setAllSelected(selected: true) { totalQuantity } }")
            try f.must(f.alice, "mutation($a: ID!) { placeOrder(input: { addressId: $a, idempotencyKey: \"stale-order-1\" }) { id } }", ["a": .string(f.address)])
        },
        StalenessStep(field: "addRecipeToBasket") { f in
            try f.must(f.alice, "mutation($id: ID!) { addRecipeToBasket(recipeId: $id) { merged { name } } }", ["id": .string(f.recipes[0])])
        },
        StalenessStep(field: "setIngredientPurchased") { f in
            try f.must(f.alice, "mutation($n: String!) { setIngredientPurchased(name: $n, purchased: true) { merged { name } } }", ["n": .string(f.ingredient)])
        },
        StalenessStep(field: "removeRecipeFromBasket") { f in
            try f.must(f.alice, "mutation($id: ID!) { removeRecipeFromBasket(recipeId: $id) { merged { name } } }", ["id": .string(f.recipes[0])])
        },
        StalenessStep(field: "clearBasket") { f in
            try f.must(f.xiaoming, "mutation($id: ID!) { addRecipeToBasket(recipeId: $id) { merged { name } } }", ["id": .string(f.recipes[1])])
            try f.must(f.xiaoming, "mutation { clearBasket { merged { name } } }")
        },
        StalenessStep(field: "updateSettings") { f in
            try f.must(f.alice, #"mutation { updateSettings(input: { lunchReminderEnabled: true, lunchReminderTime: "11:15" }) { pushEnabled } }"#)
        },
    ]
}
