import Foundation

extension DraftRepository {
    /// Changes the given fields; a given name must not be blank.
    public func updateDraft(id: Int64, authorID: Int64, _ change: DraftChange) throws -> Draft {
        let name = try change.name.map { text throws(DomainError) in
            try Validation.nonBlank(text, field: "draft name")
        }
        return try edit(id: id, authorID: authorID) { draft in
            if let name { draft.name = name }
            if let value = change.description { draft.description = value }
            if let value = change.coverURL { draft.coverURL = value }
            if let value = change.tips { draft.tips = value }
        }
    }

    /// Inserts an empty step at 0-based `at`, clamped into 0...count (at the end when `nil`).
    public func addStep(draftID: Int64, authorID: Int64, at position: Int?) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { draft in
            let index = min(max(position ?? draft.steps.count, 0), draft.steps.count)
            draft.steps.insert(Step(number: 0, text: ""), at: index)
            draft.steps = draft.steps.renumbered()
        }
    }

    /// Changes the step at 0-based `index` (which must name a step); only given fields change.
    public func updateStep(
        draftID: Int64, authorID: Int64, index: Int, _ change: StepChange
    ) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { draft in
            try Self.checkStep(index, in: draft)
            if let text = change.text { draft.steps[index].text = text }
            if let image = change.imageURL { draft.steps[index].imageURL = image }
        }
    }

    /// Removes the step at 0-based `index` (which must name a step); the rest renumber.
    public func removeStep(draftID: Int64, authorID: Int64, index: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { draft in
            try Self.checkStep(index, in: draft)
            draft.steps.remove(at: index)
            draft.steps = draft.steps.renumbered()
        }
    }

    /// Moves one step like dragging a row: `from` must name a step; `to` is clamped into
    /// the steps, so a drop above the first lands first and below the last lands last.
    public func moveStep(draftID: Int64, authorID: Int64, from: Int, to: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { draft in
            try Self.checkStep(from, in: draft)
            let step = draft.steps.remove(at: from)
            let target = min(max(to, 0), draft.steps.count)
            draft.steps.insert(step, at: target)
            draft.steps = draft.steps.renumbered()
        }
    }

    /// Replaces the ingredient list, dropping rows whose name and amount are both blank.
    public func setIngredients(
        draftID: Int64, authorID: Int64, _ ingredients: [Ingredient]
    ) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { draft in
            draft.ingredients = ingredients.filter { !$0.isBlank }.map {
                Ingredient(name: $0.name.trimmed, amount: $0.amount.trimmed)
            }
        }
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
            let name = try Validation.nonBlank(draft.name, field: "recipe name")
            let steps = draft.steps.filter { !$0.isEmpty }
            guard !steps.isEmpty else {
                throw DomainError.badInput(
                    "A recipe needs at least one step with text or a picture.")
            }
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

    /// Throws `badInput` unless `index` names one of the draft's steps.
    static func checkStep(_ index: Int, in draft: Draft) throws(DomainError) {
        guard draft.steps.indices.contains(index) else {
            let range = draft.steps.isEmpty
                ? "the draft has no steps" : "it must be 0 to \(draft.steps.count - 1)"
            throw .badInput("There is no step at index \(index); \(range).")
        }
    }
}
