import Foundation

/// Recipe drafts, saved after every change; only the author can see or edit one.
///
/// Every edit loads the draft, applies the rule to the value and writes the draft's step
/// and ingredient rows back, all inside one write transaction on the single writer. Edits
/// from two devices therefore run one after the other, each on the other's result: a step
/// is never lost or duplicated, and positions are always 0..n-1 (numbers 1..n).
public struct DraftRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let columns = "id, author_id, name, description, cover_url, tips, created_at, updated_at"

    static func draft<R: ColumnReader>(_ row: R, at o: Int = 0) -> Draft {
        Draft(
            id: row.int64(o), authorID: row.int64(o + 1), name: row.string(o + 2),
            description: row.optionalString(o + 3), coverURL: row.optionalString(o + 4),
            tips: row.optionalString(o + 5), createdAt: Date(milliseconds: row.int64(o + 6)),
            updatedAt: Date(milliseconds: row.int64(o + 7)))
    }

    // MARK: Reading

    /// The author's draft, or `nil` when there is none or it is someone else's.
    public func draft(id: Int64, authorID: Int64) throws -> Draft? {
        try database.read { c in try Self.load(id: id, authorID: authorID, c) }
    }

    /// The author's drafts, last edited first, with their steps and ingredients.
    public func drafts(authorID: Int64, page: PageRequest) throws -> Page<Draft> {
        try database.read(rowsOf: [("drafts", "author_id")], authorID) { c in
            let page = try c.page(
                """
                SELECT updated_at, \(Self.columns) FROM drafts
                WHERE author_id = ? AND (updated_at, id) < (?, ?)
                ORDER BY updated_at DESC, id DESC LIMIT ?
                """, arguments: [authorID] + descendingBounds(page), request: page
            ) { Self.draft($0, at: 1) }
            let parts = try Self.parts(draftIDs: page.nodes.map(\.id), c)
            return page.map { draft in
                var draft = draft
                draft.steps = parts.steps[draft.id] ?? []
                draft.ingredients = parts.ingredients[draft.id] ?? []
                return draft
            }
        }
    }

    /// How many drafts the author has.
    public func draftsCount(authorID: Int64) throws -> Int {
        try database.read(rowsOf: [("drafts", "author_id")], authorID) { c in
            try c.queryFirst("SELECT count(*) FROM drafts WHERE author_id = ?", authorID) {
                $0.int(0)
            } ?? 0
        }
    }

    static func load(id: Int64, authorID: Int64, _ c: Connection) throws -> Draft? {
        guard
            var draft = try c.queryFirst(
                "SELECT \(columns) FROM drafts WHERE id = ? AND author_id = ?", id, authorID,
                row: { Self.draft($0) })
        else { return nil }
        let parts = try parts(draftIDs: [id], c)
        draft.steps = parts.steps[id] ?? []
        draft.ingredients = parts.ingredients[id] ?? []
        return draft
    }

    static func parts(draftIDs: [Int64], _ c: Connection) throws
        -> (steps: [Int64: [Step]], ingredients: [Int64: [Ingredient]])
    {
        guard !draftIDs.isEmpty else { return ([:], [:]) }
        let list = SQLList(draftIDs)
        let steps = try c.query(
            """
            SELECT draft_id, position, text, image_url FROM draft_steps
            WHERE draft_id IN (\(list.placeholders)) ORDER BY draft_id, position
            """, arguments: list.arguments
        ) {
            ($0.int64(0), Step(number: $0.int(1) + 1, text: $0.string(2), imageURL: $0.optionalString(3)))
        }
        let ingredients = try c.query(
            """
            SELECT draft_id, name, amount FROM draft_ingredients
            WHERE draft_id IN (\(list.placeholders)) ORDER BY draft_id, position
            """, arguments: list.arguments
        ) { ($0.int64(0), Ingredient(name: $0.string(1), amount: $0.string(2))) }
        return (grouped(steps), grouped(ingredients))
    }

    // MARK: Writing

    /// Starts a draft; the name must not be blank.
    public func createDraft(authorID: Int64, name: String) throws -> Draft {
        let name = try Validation.nonBlank(name, field: "draft name")
        return try database.write { c in
            let now = clock().milliseconds
            try c.execute(
                "INSERT INTO drafts (author_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
                authorID, name, now, now)
            return try Self.load(id: c.lastInsertRowID, authorID: authorID, c)!
        }
    }

    /// Loads the author's draft, applies `change` and saves it, in one write transaction.
    ///
    /// A draft that is missing or someone else's is `notFound`; a throwing `change` leaves
    /// the draft as it was.
    func edit(id: Int64, authorID: Int64, _ change: (inout Draft) throws -> Void) throws -> Draft {
        try database.write { c in
            guard var draft = try Self.load(id: id, authorID: authorID, c) else {
                throw DomainError.notFound("No draft of yours has this ID.")
            }
            try change(&draft)
            draft.updatedAt = max(clock(), draft.updatedAt)
            try Self.save(draft, c)
            return draft
        }
    }

    /// Writes a draft's fields and rewrites its steps (renumbered 1..n) and ingredients.
    static func save(_ draft: Draft, _ c: Connection) throws {
        try Bounds.check(draft.steps.count, atMost: Bounds.recipeSteps, "steps", of: "A draft")
        try Bounds.check(draft.ingredients.count, atMost: Bounds.recipeIngredients, "ingredients", of: "A draft")
        try c.execute(
            """
            UPDATE drafts SET name = ?, description = ?, cover_url = ?, tips = ?, updated_at = ?
            WHERE id = ?
            """, draft.name, draft.description, draft.coverURL, draft.tips,
            draft.updatedAt.milliseconds, draft.id)
        try c.execute("DELETE FROM draft_steps WHERE draft_id = ?", draft.id)
        for (position, step) in draft.steps.enumerated() {
            try c.execute(
                "INSERT INTO draft_steps (draft_id, position, text, image_url) VALUES (?, ?, ?, ?)",
                draft.id, position, step.text, step.imageURL)
        }
        try c.execute("DELETE FROM draft_ingredients WHERE draft_id = ?", draft.id)
        for (position, ingredient) in draft.ingredients.enumerated() {
            try c.execute(
                "INSERT INTO draft_ingredients (draft_id, position, name, amount) VALUES (?, ?, ?, ?)",
                draft.id, position, ingredient.name, ingredient.amount)
        }
    }
}

extension Array where Element == Step {
    /// The same steps numbered 1..n in order.
    func renumbered() -> [Step] {
        enumerated().map { offset, step in
            var step = step
            step.number = offset + 1
            return step
        }
    }
}
