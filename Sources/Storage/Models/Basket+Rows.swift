extension Basket {
    /// The basket of `recipeIDs` (in the order they were added), each with its ingredients,
    /// marked bought when their name's key is in `purchased`.
    init(recipeIDs: [Int64], ingredients: [Int64: [Ingredient]], purchased: Set<String>) {
        self.init(recipes: recipeIDs.map { id in
            BasketRecipe(
                recipeID: id,
                ingredients: (ingredients[id] ?? []).map {
                    BasketIngredient(name: $0.name, amount: $0.amount, purchased: purchased.contains(Basket.nameKey($0.name)))
                })
        })
    }
}
