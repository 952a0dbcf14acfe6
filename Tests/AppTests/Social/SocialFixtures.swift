import Foundation
@testable import Storage
import Testing

/// Data the social tests make through the API (and, for what has no mutation, such as
/// forums, straight in the server's database file).
extension TestAccount {
    /// Creates a draft and returns its ID.
    func createDraft(_ name: String = "番茄炒蛋") throws -> String {
        let data = try client.post(
            "mutation($name: String!) { createDraft(name: $name) { id } }", ["name": .string(name)]
        ).ok()
        return try #require(data["createDraft"]["id"].string)
    }

    /// Creates a draft with these steps (by text) and returns its ID.
    func draftWithSteps(_ texts: [String], name: String = "Draft") throws -> String {
        let id = try createDraft(name)
        for (index, text) in texts.enumerated() {
            _ = try client.post(
                "mutation($id: ID!) { addStep(draftId: $id) { id } }", ["id": .string(id)]).ok()
            _ = try client.post(
                "mutation($id: ID!, $i: Int!, $t: String) { updateStep(draftId: $id, index: $i, input: {text: $t}) { id } }",
                ["id": .string(id), "i": .number(Double(index)), "t": .string(text)]).ok()
        }
        return id
    }

    /// Publishes a recipe with these ingredients (name, amount) and steps; returns its ID.
    func publishRecipe(
        _ name: String, description: String? = nil, ingredients: [(String, String)] = [],
        steps: [String] = ["Cook it."]
    ) throws -> String {
        let draft = try draftWithSteps(steps, name: name)
        if let description {
            _ = try client.post(
                "mutation($id: ID!, $d: String) { updateDraft(id: $id, input: {description: $d}) { id } }",
                ["id": .string(draft), "d": .string(description)]).ok()
        }
        if !ingredients.isEmpty {
            let rows = JSON.array(ingredients.map { ["name": .string($0.0), "amount": .string($0.1)] })
            _ = try client.post(
                "mutation($id: ID!, $rows: [IngredientInput!]!) { setIngredients(draftId: $id, ingredients: $rows) { id } }",
                ["id": .string(draft), "rows": rows]).ok()
        }
        let data = try client.post(
            "mutation($id: ID!) { publishDraft(id: $id) { id } }", ["id": .string(draft)]).ok()
        return try #require(data["publishDraft"]["id"].string)
    }

    /// Shares a dish with one photo; returns its ID.
    func uploadDish(_ description: String = "Dinner", recipeID: String? = nil) throws -> String {
        var input: [String: JSON] = ["photoUrls": ["https://img.example/dish.jpg"], "description": .string(description)]
        if let recipeID { input["recipeId"] = .string(recipeID) }
        let data = try client.post(
            "mutation($input: UploadDishInput!) { uploadDish(input: $input) { id } }",
            ["input": .object(input)]).ok()
        return try #require(data["uploadDish"]["id"].string)
    }

    /// Follows another account.
    func follow(_ other: TestAccount) throws {
        _ = try client.post("mutation($id: ID!) { follow(userId: $id) { id } }", ["id": .string(other.id)]).ok()
    }

    /// The texts of a draft's steps, read back from the server.
    func stepTexts(_ draftID: String) throws -> [String] {
        let data = try client.post(
            "query($id: ID!) { draft(id: $id) { steps { number text } } }", ["id": .string(draftID)]).ok()
        let steps = data["draft"]["steps"].array
        #expect(steps.map { $0["number"].int ?? 0 } == steps.indices.map { $0 + 1 }, "step numbers are 1..n")
        return steps.compactMap { $0["text"].string }
    }
}

extension TestServer {
    /// Makes a forum with one topic by `author`; returns the topic's global ID. Forums have
    /// no mutation, so the forum row is written behind the API's back, in either store.
    func makeTopic(author: TestAccount, title: String = "今天吃什么") throws -> String {
        try withRepositories { stores, database in
            var forumID: Int64 = 0
            if let postgres = database as? PostgresDatabase {
                forumID = try postgres.write { c in
                    try c.queryFirst(
                        "INSERT INTO forums (name, description, position) VALUES ($1, $2, $3) RETURNING id",
                        "家常菜", "Home cooking", 1) { $0.int64(0) } ?? 0
                }
            } else if let sqlite = database as? Database {
                forumID = try sqlite.write { c -> Int64 in
                    try c.execute("INSERT INTO forums (name, description, position) VALUES (?, ?, ?)", "家常菜", "Home cooking", 1)
                    return c.lastInsertRowID
                }
            }
            let topic = try stores.forums.createTopic(
                forumID: forumID, authorID: rowID(author.id), title: title, body: "Ideas?")
            return globalID("Topic", topic.id)
        }
    }
}

/// The row id inside a global ID (tests may look; clients may not).
func rowID(_ globalID: String) -> Int64 {
    var base64 = globalID.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.utf8.count % 4 != 0 { base64 += "=" }
    let plain = Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return Int64(plain.split(separator: ":").last ?? "") ?? 0
}

/// A global ID of `type` for a row id, as the server makes them.
func globalID(_ type: String, _ rowID: Int64) -> String {
    Data("\(type):\(rowID)".utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
