import Foundation
import Testing

@testable import Storage

@Suite("Drafts")
struct DraftStoreTests {
    let db: TestStore
    let author: User
    let draftID: Int64

    /// A draft with steps "a", "b", "c".
    init() throws {
        db = try TestStore()
        author = try db.user("author")
        draftID = try db.drafts.createDraft(authorID: author.id, name: "番茄炒蛋").id
        for text in ["a", "b", "c"] {
            let draft = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: nil)
            _ = try db.drafts.updateStep(
                draftID: draftID, authorID: author.id, index: draft.steps.count - 1,
                StepChange(text: text))
        }
    }

    func texts() throws -> [String] {
        try db.drafts.draft(id: draftID, authorID: author.id)!.steps.map(\.text)
    }

    func numbers() throws -> [Int] {
        try db.drafts.draft(id: draftID, authorID: author.id)!.steps.map(\.number)
    }

    @Test("a blank name is refused")
    func blankName() throws {
        #expect(throws: DomainError.self) { try db.drafts.createDraft(authorID: author.id, name: "  ") }
        #expect(throws: DomainError.self) {
            try db.drafts.updateDraft(id: draftID, authorID: author.id, DraftChange(name: ""))
        }
    }

    @Test("adding a step inserts an empty one at the clamped position")
    func addStep() throws {
        _ = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: 1)
        #expect(try texts() == ["a", "", "b", "c"])
        _ = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: -5)
        _ = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: 99)
        #expect(try texts() == ["", "a", "", "b", "c", ""])
        #expect(try numbers() == [1, 2, 3, 4, 5, 6])
    }

    @Test("moving a step below the last puts it last, above the first puts it first")
    func moveClamps() throws {
        _ = try db.drafts.moveStep(draftID: draftID, authorID: author.id, from: 0, to: 10)
        #expect(try texts() == ["b", "c", "a"])
        _ = try db.drafts.moveStep(draftID: draftID, authorID: author.id, from: 2, to: -3)
        #expect(try texts() == ["a", "b", "c"])
        _ = try db.drafts.moveStep(draftID: draftID, authorID: author.id, from: 2, to: 1)
        #expect(try texts() == ["a", "c", "b"])
        #expect(try numbers() == [1, 2, 3])
    }

    @Test("moving from a position with no step is bad input and changes nothing")
    func moveFromNowhere() throws {
        #expect(throws: DomainError.badInput("There is no step at index 3; it must be 0 to 2.")) {
            try db.drafts.moveStep(draftID: draftID, authorID: author.id, from: 3, to: 0)
        }
        #expect(throws: DomainError.self) {
            try db.drafts.moveStep(draftID: draftID, authorID: author.id, from: -1, to: 0)
        }
        #expect(try texts() == ["a", "b", "c"])
    }

    @Test("removing and updating need an existing step; the rest renumber")
    func removeAndUpdate() throws {
        _ = try db.drafts.removeStep(draftID: draftID, authorID: author.id, index: 1)
        #expect(try texts() == ["a", "c"])
        #expect(try numbers() == [1, 2])
        #expect(throws: DomainError.self) {
            try db.drafts.removeStep(draftID: draftID, authorID: author.id, index: 2)
        }
        let draft = try db.drafts.updateStep(
            draftID: draftID, authorID: author.id, index: 1, StepChange(imageURL: .some("/p.jpg")))
        #expect(draft.steps[1] == Step(number: 2, text: "c", imageURL: "/p.jpg"))
    }

    @Test("ingredients drop rows whose name and amount are both blank")
    func ingredients() throws {
        let draft = try db.drafts.setIngredients(
            draftID: draftID, authorID: author.id,
            [
                Ingredient(name: "鸡蛋", amount: "3个"), Ingredient(name: " ", amount: ""),
                Ingredient(name: "", amount: "少许"),
            ])
        #expect(draft.ingredients == [Ingredient(name: "鸡蛋", amount: "3个"), Ingredient(name: "", amount: "少许")])
    }

    @Test("another user's draft is not found")
    func foreign() throws {
        let other = try db.user("other")
        #expect(try db.drafts.draft(id: draftID, authorID: other.id) == nil)
        #expect(throws: DomainError.self) {
            try db.drafts.addStep(draftID: draftID, authorID: other.id, at: nil)
        }
        #expect(throws: DomainError.self) { try db.drafts.deleteDraft(id: draftID, authorID: other.id) }
    }

    @Test("publishing drops empty steps, makes a recipe and deletes the draft")
    func publish() throws {
        _ = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: 1)
        _ = try db.drafts.setIngredients(
            draftID: draftID, authorID: author.id, [Ingredient(name: "番茄", amount: "2个")])
        let recipe = try db.drafts.publishDraft(id: draftID, authorID: author.id)
        #expect(recipe.name == "番茄炒蛋")
        #expect(try db.recipes.steps(recipeIDs: [recipe.id])[recipe.id]?.map(\.text) == ["a", "b", "c"])
        #expect(try db.recipes.steps(recipeIDs: [recipe.id])[recipe.id]?.map(\.number) == [1, 2, 3])
        #expect(try db.recipes.ingredients(recipeIDs: [recipe.id])[recipe.id] == [Ingredient(name: "番茄", amount: "2个")])
        #expect(try db.drafts.draft(id: draftID, authorID: author.id) == nil)
    }

    @Test("publishing without a step with text or image is bad input and keeps the draft")
    func publishEmpty() throws {
        let empty = try db.drafts.createDraft(authorID: author.id, name: "空")
        _ = try db.drafts.addStep(draftID: empty.id, authorID: author.id, at: nil)
        #expect(throws: DomainError.self) { try db.drafts.publishDraft(id: empty.id, authorID: author.id) }
        #expect(try db.drafts.draft(id: empty.id, authorID: author.id)?.steps.count == 1)
        #expect(try db.recipes.recipesCount() == 0)
    }

    @Test("concurrent edits from two devices never lose or duplicate a step")
    func concurrentEdits() async throws {
        let db = self.db
        let author = self.author
        let draftID = self.draftID
        try await withThrowingTaskGroup(of: Void.self) { group in
            for device in 0..<2 {
                group.addTask {
                    for n in 0..<20 {
                        _ = try db.drafts.addStep(draftID: draftID, authorID: author.id, at: n % 3)
                        _ = try db.drafts.moveStep(
                            draftID: draftID, authorID: author.id, from: device, to: 100)
                    }
                }
            }
            try await group.waitForAll()
        }
        let texts = try texts()
        #expect(texts.count == 43)
        #expect(texts.filter { !$0.isEmpty }.sorted() == ["a", "b", "c"])
        #expect(try numbers() == Array(1...43))
    }

    @Test("drafts list last edited first")
    func listing() throws {
        let second = try db.drafts.createDraft(authorID: author.id, name: "第二")
        _ = try db.drafts.updateDraft(id: draftID, authorID: author.id, DraftChange(tips: .some("火候")))
        let page = try db.drafts.drafts(authorID: author.id, page: PageRequest(first: 10))
        #expect(page.nodes.map(\.id) == [draftID, second.id])
        #expect(page.nodes[0].steps.count == 3)
        #expect(try db.drafts.draftsCount(authorID: author.id) == 2)
    }
}
