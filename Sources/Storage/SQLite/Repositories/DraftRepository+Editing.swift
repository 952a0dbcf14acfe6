import Foundation

extension DraftRepository {
    /// Changes the given fields; a given name must not be blank.
    public func updateDraft(id: Int64, authorID: Int64, _ change: DraftChange) throws -> Draft {
        try edit(id: id, authorID: authorID) { try $0.apply(change) }
    }

    /// Inserts an empty step at 0-based `at`, clamped into 0...count (at the end when `nil`).
    public func addStep(draftID: Int64, authorID: Int64, at position: Int?) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { $0.insertStep(at: position) }
    }

    /// Changes the step at 0-based `index` (which must name a step); only given fields change.
    public func updateStep(
        draftID: Int64, authorID: Int64, index: Int, _ change: StepChange
    ) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.updateStep(at: index, change) }
    }

    /// Removes the step at 0-based `index` (which must name a step); the rest renumber.
    public func removeStep(draftID: Int64, authorID: Int64, index: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.removeStep(at: index) }
    }

    /// Moves one step like dragging a row: `from` must name a step; `to` is clamped into
    /// the steps, so a drop above the first lands first and below the last lands last.
    public func moveStep(draftID: Int64, authorID: Int64, from: Int, to: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.moveStep(from: from, to: to) }
    }

    /// Replaces the ingredient list, dropping rows whose name and amount are both blank.
    public func setIngredients(
        draftID: Int64, authorID: Int64, _ ingredients: [Ingredient]
    ) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { $0.setIngredients(ingredients) }
    }

    /// Publishes a draft as a recipe and deletes the draft, in one transaction.
    ///
    /// It needs a non-blank name and at least one step with text or an image (else
    /// `badInput`, and the draft stays); empty steps are dropped.
    public func publishDraft(id: Int64, authorID: Int64) throws -> Recipe {
        try database.write { c in
            guard let draft = try Self.load(id: id, authorID: authorID, c) else {
                throw DomainError.notFound("No draft of yours has this ID.")
            }
            let (name, steps) = try draft.publishable()
            let recipeID = try RecipeRepository.insert(
                authorID: authorID, name: name, description: draft.description,
                coverURL: draft.coverURL, tips: draft.tips, ingredients: draft.ingredients,
                steps: steps.map { ($0.text, $0.imageURL) }, createdAt: clock(), c)
            try c.execute("DELETE FROM drafts WHERE id = ?", id)
            return try RecipeRepository.recipes(ids: [recipeID], c)[recipeID]!
        }
    }

    /// Deletes the author's draft; a missing or foreign one is `notFound`.
    public func deleteDraft(id: Int64, authorID: Int64) throws {
        try database.write { c in
            try c.execute("DELETE FROM drafts WHERE id = ? AND author_id = ?", id, authorID)
            guard c.changes == 1 else { throw DomainError.notFound("No draft of yours has this ID.") }
        }
    }
}
