import Foundation
import Synchronization
import Testing

/// The draft editor over HTTP: every change saves, positions are 0-based, numbers 1..n.
@Suite("Draft editor")
struct DraftMutationsTests {
    static let move = "mutation($id: ID!, $from: Int!, $to: Int!) { moveStep(draftId: $id, from: $from, to: $to) { steps { number text } } }"
    static let add = "mutation($id: ID!, $at: Int) { addStep(draftId: $id, at: $at) { steps { number text } } }"

    @Test("moving a step down and up puts it where it was dropped", arguments: [
        (0, 2, ["b", "c", "a", "d"]), (3, 1, ["a", "d", "b", "c"]), (1, 1, ["a", "b", "c", "d"]),
    ])
    func moveWithin(from: Int, to: Int, expected: [String]) throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a", "b", "c", "d"])
        let data = try cook.client.post(Self.move, ["id": .string(draft), "from": .number(Double(from)), "to": .number(Double(to))]).ok()
        #expect(data["moveStep"]["steps"].array.map { $0["text"].string ?? "" } == expected)
        #expect(try cook.stepTexts(draft) == expected)
    }

    @Test("a drop below the last step lands last and above the first lands first")
    func moveClamps() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a", "b", "c"])
        _ = try cook.client.post(Self.move, ["id": .string(draft), "from": 0, "to": 99]).ok()
        #expect(try cook.stepTexts(draft) == ["b", "c", "a"])
        _ = try cook.client.post(Self.move, ["id": .string(draft), "from": 2, "to": -5]).ok()
        #expect(try cook.stepTexts(draft) == ["a", "b", "c"])
    }

    @Test("moving from a position that names no step is BAD_USER_INPUT and changes nothing", arguments: [3, -1, 100])
    func moveFromOutOfRange(from: Int) throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a", "b", "c"])
        let response = try cook.client.post(Self.move, ["id": .string(draft), "from": .number(Double(from)), "to": 0])
        #expect(response.errorCode == "BAD_USER_INPUT")
        #expect(response.data["moveStep"] == .missing || response.data.isNull)
        #expect(try cook.stepTexts(draft) == ["a", "b", "c"])
    }

    @Test("a step is added at the end when at is null, first at 0, and in the middle")
    func addStepPositions() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a", "b"])
        let atEnd = try cook.client.post(Self.add, ["id": .string(draft), "at": nil]).ok()
        #expect(atEnd["addStep"]["steps"].array.map { $0["text"].string ?? "-" } == ["a", "b", ""])
        _ = try cook.client.post(Self.add, ["id": .string(draft), "at": 0]).ok()
        #expect(try cook.stepTexts(draft) == ["", "a", "b", ""])
        let middle = try cook.client.post(Self.add, ["id": .string(draft), "at": 2]).ok()
        #expect(middle["addStep"]["steps"].array.map { $0["number"].int ?? 0 } == [1, 2, 3, 4, 5])
        #expect(try cook.stepTexts(draft) == ["", "a", "", "b", ""])
        _ = try cook.client.post(Self.add, ["id": .string(draft), "at": 99]).ok()
        #expect(try cook.stepTexts(draft).count == 6)
    }

    @Test("removing a step renumbers the rest; a missing index is BAD_USER_INPUT")
    func removeStep() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a", "b", "c"])
        let remove = "mutation($id: ID!, $i: Int!) { removeStep(draftId: $id, index: $i) { steps { number text } } }"
        _ = try cook.client.post(remove, ["id": .string(draft), "i": 1]).ok()
        #expect(try cook.stepTexts(draft) == ["a", "c"])
        let response = try cook.client.post(remove, ["id": .string(draft), "i": 2])
        #expect(response.errorCode == "BAD_USER_INPUT")
        #expect(try cook.stepTexts(draft) == ["a", "c"])
    }

    @Test("updating a step changes only the given fields; null removes the picture")
    func updateStep() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["a"])
        let update = "mutation($id: ID!, $input: StepInput!) { updateStep(draftId: $id, index: 0, input: $input) { steps { text image { url } } } }"
        let withImage = try cook.client.post(update, ["id": .string(draft), "input": ["imageUrl": "https://img.example/1.jpg"]]).ok()
        #expect(withImage["updateStep"]["steps"][0]["text"] == "a")
        #expect(withImage["updateStep"]["steps"][0]["image"]["url"] == "https://img.example/1.jpg")
        let cleared = try cook.client.post(update, ["id": .string(draft), "input": ["imageUrl": nil]]).ok()
        #expect(cleared["updateStep"]["steps"][0]["image"].isNull)
        #expect(cleared["updateStep"]["steps"][0]["text"] == "a")
        let response = try cook.client.post(update.replacingOccurrences(of: "index: 0", with: "index: 5"), ["id": .string(draft), "input": ["text": "x"]])
        #expect(response.errorCode == "BAD_USER_INPUT")
    }

    @Test("setting ingredients drops rows whose name and amount are both blank")
    func setIngredients() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.createDraft()
        let rows: JSON = [["name": "鸡蛋", "amount": "2个"], ["name": "  ", "amount": ""], ["name": "", "amount": "少许"], ["name": "盐", "amount": " "]]
        _ = try cook.client.post(
            "mutation($id: ID!, $rows: [IngredientInput!]!) { setIngredients(draftId: $id, ingredients: $rows) { id } }",
            ["id": .string(draft), "rows": rows]).ok()
        let data = try cook.client.post("query($id: ID!) { draft(id: $id) { ingredients { name amount } } }", ["id": .string(draft)]).ok()
        #expect(data["draft"]["ingredients"].array.map { "\($0["name"].string ?? "")|\($0["amount"].string ?? "")" } == ["鸡蛋|2个", "|少许", "盐|"])
    }

    @Test("updating a draft changes only the given fields; a blank name is refused and changes nothing")
    func updateDraft() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.createDraft("Soup")
        let update = "mutation($id: ID!, $input: UpdateDraftInput!) { updateDraft(id: $id, input: $input) { name description tips coverImage { url } } }"
        let data = try cook.client.post(update, ["id": .string(draft), "input": ["description": "Warm", "coverImageUrl": "https://img.example/c.jpg"]]).ok()
        #expect(data["updateDraft"]["name"] == "Soup")
        #expect(data["updateDraft"]["description"] == "Warm")
        #expect(data["updateDraft"]["coverImage"]["url"] == "https://img.example/c.jpg")
        let blank = try cook.client.post(update, ["id": .string(draft), "input": ["name": "   ", "tips": "salt"]])
        #expect(blank.errorCode == "BAD_USER_INPUT")
        let read = try cook.client.post("query($id: ID!) { draft(id: $id) { name tips } }", ["id": .string(draft)]).ok()
        #expect(read["draft"]["name"] == "Soup")
        #expect(read["draft"]["tips"].isNull)
    }

    @Test("a blank draft name is BAD_USER_INPUT and creates nothing")
    func createDraftBlank() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let response = try cook.client.post("mutation { createDraft(name: \"  \") { id } }")
        #expect(response.errorCode == "BAD_USER_INPUT")
        let data = try cook.client.post("{ viewer { drafts { totalCount } } }").ok()
        #expect(data["viewer"]["drafts"]["totalCount"] == 0)
    }

    @Test("publishing drops empty steps, makes a recipe, and the draft is gone")
    func publish() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["打蛋", "", "炒"], name: "番茄炒蛋")
        _ = try cook.client.post(Self.add, ["id": .string(draft), "at": nil]).ok()
        let data = try cook.client.post(
            "mutation($id: ID!) { publishDraft(id: $id) { id name steps { number text } author { id } } }",
            ["id": .string(draft)]).ok()
        #expect(data["publishDraft"]["name"] == "番茄炒蛋")
        #expect(data["publishDraft"]["steps"].array.map { $0["text"].string ?? "" } == ["打蛋", "炒"])
        #expect(data["publishDraft"]["steps"].array.map { $0["number"].int ?? 0 } == [1, 2])
        #expect(data["publishDraft"]["author"]["id"].string == cook.id)
        let gone = try cook.client.post("query($id: ID!) { draft(id: $id) { id } }", ["id": .string(draft)])
        #expect(gone.errorCode == "NOT_FOUND")
        let recipe = try cook.client.post("query($id: ID!) { recipe(id: $id) { name } }", ["id": data["publishDraft"]["id"]]).ok()
        #expect(recipe["recipe"]["name"] == "番茄炒蛋")
    }

    @Test("a draft without a step with text or image is not published and stays")
    func publishNeedsSteps() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.draftWithSteps(["", " "])
        let response = try cook.client.post("mutation($id: ID!) { publishDraft(id: $id) { id } }", ["id": .string(draft)])
        #expect(response.errorCode == "BAD_USER_INPUT")
        #expect(try cook.stepTexts(draft) == ["", " "])
        let recipes = try cook.client.post("{ recipes { totalCount } }").ok()
        #expect(recipes["recipes"]["totalCount"] == 0)
    }

    @Test("deleting a draft returns its ID and it is gone")
    func deleteDraft() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let draft = try cook.createDraft()
        let data = try cook.client.post("mutation($id: ID!) { deleteDraft(id: $id) }", ["id": .string(draft)]).ok()
        #expect(data["deleteDraft"].string == draft)
        let again = try cook.client.post("mutation($id: ID!) { deleteDraft(id: $id) }", ["id": .string(draft)])
        #expect(again.errorCode == "NOT_FOUND")
    }

    @Test("two devices moving and adding steps at once never lose or duplicate a step")
    func concurrentEdits() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp()
        let texts = (0..<6).map { "s\($0)" }
        let draft = try cook.draftWithSteps(texts)
        let phone = cook.client, tablet = cook.client.with(token: cook.token)
        let failures = ThreadFailures()
        DispatchQueue.concurrentPerform(iterations: 16) { round in
            do {
                if round.isMultiple(of: 2) {
                    _ = try phone.post(Self.move, ["id": .string(draft), "from": .number(Double(round % 6)), "to": .number(Double(5 - round % 6))]).ok()
                } else {
                    _ = try tablet.post(Self.add, ["id": .string(draft), "at": .number(Double(round % 3))]).ok()
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let steps = try cook.stepTexts(draft)
        #expect(steps.count == 6 + 8)
        #expect(steps.filter { !$0.isEmpty }.sorted() == texts)
        #expect(steps.filter(\.isEmpty).count == 8)
    }
}

/// Errors collected from several threads.
final class ThreadFailures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}
