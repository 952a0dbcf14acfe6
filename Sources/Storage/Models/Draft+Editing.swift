/// The draft editor's changes, as changes to the value: each store loads the draft, applies
/// one of these, and saves it in the same write transaction.
extension Draft {
    /// Changes the given fields; a given name must not be blank.
    mutating func apply(_ change: DraftChange) throws(DomainError) {
        if let name = change.name { self.name = try Validation.nonBlank(name, field: "draft name") }
        if let value = change.description { description = value }
        if let value = change.coverURL { coverURL = value }
        if let value = change.tips { tips = value }
    }

    /// Inserts an empty step at 0-based `position`, clamped into 0...count (at the end when nil).
    mutating func insertStep(at position: Int?) {
        let index = min(max(position ?? steps.count, 0), steps.count)
        steps.insert(Step(number: 0, text: ""), at: index)
        steps = steps.renumbered()
    }

    /// Changes the step at `index` (which must name a step); only given fields change.
    mutating func updateStep(at index: Int, _ change: StepChange) throws(DomainError) {
        try checkStep(index)
        if let text = change.text { steps[index].text = text }
        if let image = change.imageURL { steps[index].imageURL = image }
    }

    /// Removes the step at `index` (which must name a step); the rest renumber.
    mutating func removeStep(at index: Int) throws(DomainError) {
        try checkStep(index)
        steps.remove(at: index)
        steps = steps.renumbered()
    }

    /// Moves one step like dragging a row: `from` must name a step; `to` is clamped.
    mutating func moveStep(from: Int, to: Int) throws(DomainError) {
        try checkStep(from)
        let step = steps.remove(at: from)
        steps.insert(step, at: min(max(to, 0), steps.count))
        steps = steps.renumbered()
    }

    /// Replaces the ingredients, dropping rows whose name and amount are both blank.
    mutating func setIngredients(_ rows: [Ingredient]) {
        ingredients = rows.filter { !$0.isBlank }.map { Ingredient(name: $0.name.trimmed, amount: $0.amount.trimmed) }
    }

    /// What publishing makes of the draft: its checked name and its non-empty steps; a
    /// blank name or no step with text or a picture is `badInput`.
    func publishable() throws(DomainError) -> (name: String, steps: [Step]) {
        let name = try Validation.nonBlank(name, field: "recipe name")
        let steps = steps.filter { !$0.isEmpty }
        guard !steps.isEmpty else { throw .badInput("A recipe needs at least one step with text or a picture.") }
        return (name, steps)
    }

    /// Throws `badInput` unless `index` names one of the steps.
    func checkStep(_ index: Int) throws(DomainError) {
        guard steps.indices.contains(index) else {
            let range = steps.isEmpty ? "the draft has no steps" : "it must be 0 to \(steps.count - 1)"
            throw .badInput("There is no step at index \(index); \(range).")
        }
    }
}
