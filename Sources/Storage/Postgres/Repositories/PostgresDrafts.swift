import Foundation

/// Recipe drafts on PostgreSQL (`DraftStore`). An edit locks the draft's row, applies one
/// of `Draft`'s changes and rewrites its steps and ingredients, so two devices editing one
/// draft at once apply their edits one after the other: no step is lost or doubled.
struct PostgresDrafts: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = DraftRepository.columns

    static func load(id: Int64, authorID: Int64, lock: Bool, _ c: PostgresConnection) throws -> Draft? {
        guard var draft = try c.queryFirst(
            "SELECT \(columns) FROM drafts WHERE id = $1 AND author_id = $2\(lock ? " FOR UPDATE" : "")",
            id, authorID, row: { DraftRepository.draft($0) })
        else { return nil }
        let parts = try parts(draftIDs: [id], c)
        draft.steps = parts.steps[id] ?? []
        draft.ingredients = parts.ingredients[id] ?? []
        return draft
    }

    static func parts(draftIDs: [Int64], _ c: PostgresConnection) throws
        -> (steps: [Int64: [Step]], ingredients: [Int64: [Ingredient]])
    {
        guard !draftIDs.isEmpty else { return ([:], [:]) }
        let steps = try PostgresMarket.children(
            of: draftIDs,
            """
            SELECT draft_id, position, text, image_url FROM draft_steps
            WHERE draft_id = ANY($1::bigint[]) ORDER BY draft_id, position
            """, c
        ) { ($0.int64(0), Step(number: $0.int(1) + 1, text: $0.string(2), imageURL: $0.optionalString(3))) }
        let ingredients = try PostgresMarket.children(
            of: draftIDs,
            """
            SELECT draft_id, name, amount FROM draft_ingredients
            WHERE draft_id = ANY($1::bigint[]) ORDER BY draft_id, position
            """, c) { ($0.int64(0), Ingredient(name: $0.string(1), amount: $0.string(2))) }
        return (steps, ingredients)
    }

    /// The drafts with their steps and ingredients filled in.
    static func filled(_ drafts: [Draft], _ c: PostgresConnection) throws -> [Draft] {
        let parts = try parts(draftIDs: drafts.map(\.id), c)
        return drafts.map { draft in
            var draft = draft
            draft.steps = parts.steps[draft.id] ?? []
            draft.ingredients = parts.ingredients[draft.id] ?? []
            return draft
        }
    }

    /// Loads the author's draft locked, applies `change`, saves it and returns it.
    private func edit(id: Int64, authorID: Int64, _ change: (inout Draft) throws -> Void) throws -> Draft {
        try database.write { c in
            guard var draft = try Self.load(id: id, authorID: authorID, lock: true, c) else {
                throw DomainError.notFound("No draft of yours has this ID.")
            }
            try change(&draft)
            draft.updatedAt = max(clock(), draft.updatedAt)
            try Bounds.check(draft.steps.count, atMost: Bounds.recipeSteps, "steps", of: "A draft")
            try Bounds.check(draft.ingredients.count, atMost: Bounds.recipeIngredients, "ingredients", of: "A draft")
            try c.execute(
                "UPDATE drafts SET name = $1, description = $2, cover_url = $3, tips = $4, updated_at = $5 WHERE id = $6",
                draft.name, draft.description, draft.coverURL, draft.tips, draft.updatedAt.milliseconds, draft.id)
            try c.execute("DELETE FROM draft_steps WHERE draft_id = $1", draft.id)
            for (position, step) in draft.steps.enumerated() {
                try c.execute(
                    "INSERT INTO draft_steps (draft_id, position, text, image_url) VALUES ($1, $2, $3, $4)",
                    draft.id, position, step.text, step.imageURL)
            }
            try c.execute("DELETE FROM draft_ingredients WHERE draft_id = $1", draft.id)
            for (position, ingredient) in draft.ingredients.enumerated() {
                try c.execute(
                    "INSERT INTO draft_ingredients (draft_id, position, name, amount) VALUES ($1, $2, $3, $4)",
                    draft.id, position, ingredient.name, ingredient.amount)
            }
            return draft
        }
    }
}

extension PostgresDrafts: DraftStore {
    func updateDraft(id: Int64, authorID: Int64, _ change: DraftChange) throws -> Draft {
        try edit(id: id, authorID: authorID) { try $0.apply(change) }
    }

    func addStep(draftID: Int64, authorID: Int64, at position: Int?) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { $0.insertStep(at: position) }
    }

    func updateStep(draftID: Int64, authorID: Int64, index: Int, _ change: StepChange) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.updateStep(at: index, change) }
    }

    func removeStep(draftID: Int64, authorID: Int64, index: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.removeStep(at: index) }
    }

    func moveStep(draftID: Int64, authorID: Int64, from: Int, to: Int) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { try $0.moveStep(from: from, to: to) }
    }

    func setIngredients(draftID: Int64, authorID: Int64, _ ingredients: [Ingredient]) throws -> Draft {
        try edit(id: draftID, authorID: authorID) { $0.setIngredients(ingredients) }
    }

    func publishDraft(id: Int64, authorID: Int64) throws -> Recipe {
        try database.write { c in
            guard let draft = try Self.load(id: id, authorID: authorID, lock: true, c) else {
                throw DomainError.notFound("No draft of yours has this ID.")
            }
            let (name, steps) = try draft.publishable()
            let recipeID = try PostgresRecipes.insert(
                authorID: authorID, name: name, description: draft.description, coverURL: draft.coverURL,
                tips: draft.tips, ingredients: draft.ingredients, steps: steps, createdAt: clock(), c)
            try c.execute("DELETE FROM drafts WHERE id = $1", id)
            return try PostgresRecipes.recipes(ids: [recipeID], c)[recipeID]!
        }
    }

    func deleteDraft(id: Int64, authorID: Int64) throws {
        try database.write { c in
            try c.execute("DELETE FROM drafts WHERE id = $1 AND author_id = $2", id, authorID)
            guard c.changes == 1 else { throw DomainError.notFound("No draft of yours has this ID.") }
        }
    }

    func draft(id: Int64, authorID: Int64) throws -> Draft? {
        try database.read { c in try Self.load(id: id, authorID: authorID, lock: false, c) }
    }

    func drafts(authorID: Int64, page: PageRequest) throws -> Page<Draft> {
        try database.read { c in
            let page = try c.page(
                """
                SELECT updated_at, \(Self.columns) FROM drafts
                WHERE author_id = $1 AND (updated_at, id) < ($2, $3)
                ORDER BY updated_at DESC, id DESC LIMIT $4
                """, arguments: [.integer(authorID)] + newestFirstBounds(page), request: page
            ) { DraftRepository.draft($0, at: 1) }
            let filled = Dictionary(uniqueKeysWithValues: try Self.filled(page.nodes, c).map { ($0.id, $0) })
            return page.map { filled[$0.id] ?? $0 }
        }
    }

    func draftsCount(authorID: Int64) throws -> Int {
        try database.read { c in
            try c.queryFirst("SELECT count(*) FROM drafts WHERE author_id = $1", authorID) { $0.int(0) } ?? 0
        }
    }

    func createDraft(authorID: Int64, name: String) throws -> Draft {
        let name = try Validation.nonBlank(name, field: "draft name")
        return try database.write { c in
            let now = clock().milliseconds
            let id = try c.queryFirst(
                "INSERT INTO drafts (author_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id",
                authorID, name, now) { $0.int64(0) }!
            return try Self.load(id: id, authorID: authorID, lock: false, c)!
        }
    }

    func drafts(ids: [Int64], authorID: Int64) throws -> [Int64: Draft] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.query(
                "SELECT \(Self.columns) FROM drafts WHERE author_id = $1 AND id = ANY($2::bigint[])",
                arguments: [.integer(authorID), .integers(distinct(ids))]) { DraftRepository.draft($0) }
            return Dictionary(uniqueKeysWithValues: try Self.filled(rows, c).map { ($0.id, $0) })
        }
    }
}
