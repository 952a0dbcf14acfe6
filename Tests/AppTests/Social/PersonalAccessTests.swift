import Testing

/// Who may see and change what: personal fields and mutations need a viewer; another
/// user's object is NOT_FOUND exactly like a missing one; bad input is BAD_USER_INPUT and
/// changes nothing.
@Suite("Personal data and bad input")
struct PersonalAccessTests {
    /// Every personal operation, with `DRAFT`, `USER`, `RECIPE`, `DISH` standing for IDs.
    static let personal: [String] = [
        "query { draft(id: \"DRAFT\") { id } }",
        "query { feed { totalCount } }",
        "query { mentionCandidates(targetId: \"DISH\") { id } }",
        "query { searchHistory }",
        "query { user(id: \"USER\") { drafts { totalCount } } }",
        "query { user(id: \"USER\") { collections { totalCount } } }",
        "query { user(id: \"USER\") { settings { pushEnabled } } }",
        "mutation { signOut }",
        "mutation { updateProfile(input: {bio: \"x\"}) { id } }",
        "mutation { follow(userId: \"USER\") { id } }",
        "mutation { unfollow(userId: \"USER\") { id } }",
        "mutation { collectRecipe(id: \"RECIPE\") { id } }",
        "mutation { uncollectRecipe(id: \"RECIPE\") { id } }",
        "mutation { createDraft(name: \"x\") { id } }",
        "mutation { updateDraft(id: \"DRAFT\", input: {name: \"x\"}) { id } }",
        "mutation { addStep(draftId: \"DRAFT\") { id } }",
        "mutation { updateStep(draftId: \"DRAFT\", index: 0, input: {text: \"x\"}) { id } }",
        "mutation { removeStep(draftId: \"DRAFT\", index: 0) { id } }",
        "mutation { moveStep(draftId: \"DRAFT\", from: 0, to: 1) { id } }",
        "mutation { setIngredients(draftId: \"DRAFT\", ingredients: []) { id } }",
        "mutation { publishDraft(id: \"DRAFT\") { id } }",
        "mutation { deleteDraft(id: \"DRAFT\") }",
        "mutation { uploadDish(input: {photoUrls: [\"https://img.example/a.jpg\"]}) { id } }",
        "mutation { likeDish(id: \"DISH\") { id } }",
        "mutation { unlikeDish(id: \"DISH\") { id } }",
        "mutation { addComment(targetId: \"DISH\", text: \"hi\") { id } }",
        "mutation { recordSearch(keyword: \"鸡蛋\") }",
        "mutation { clearSearchHistory }",
    ]

    /// A server with one cook who owns a two-step draft, a recipe and a dish.
    struct World {
        let server: TestServer
        let owner: TestAccount
        let draft: String
        let recipe: String
        let dish: String

        init() throws {
            server = try TestServer.start()
            owner = try server.signUp("owner")
            recipe = try owner.publishRecipe("红烧肉")
            dish = try owner.uploadDish()
            draft = try owner.draftWithSteps(["one", "two"])
        }

        func fill(_ operation: String, draft: String? = nil) -> String {
            operation.replacingOccurrences(of: "DRAFT", with: draft ?? self.draft)
                .replacingOccurrences(of: "USER", with: owner.id)
                .replacingOccurrences(of: "RECIPE", with: recipe).replacingOccurrences(of: "DISH", with: dish)
        }

        /// The owner's draft, as the owner reads it back.
        func ownerDraft() throws -> JSON {
            try owner.client.post(
                "query($id: ID!) { draft(id: $id) { name steps { text } ingredients { name } } }",
                ["id": .string(draft)]).ok()["draft"]
        }
    }

    @Test("without a token every personal field and mutation is UNAUTHENTICATED")
    func anonymous() throws {
        let world = try World()
        defer { world.server.stop() }
        for operation in Self.personal {
            let response = try world.server.anonymous.post(world.fill(operation))
            #expect(response.errorCode == "UNAUTHENTICATED", "\(operation): \(response)")
        }
        #expect(try world.ownerDraft()["steps"].array.count == 2)
    }

    @Test("a revoked or unknown token acts like no token")
    func unknownToken() throws {
        let world = try World()
        defer { world.server.stop() }
        let stranger = world.server.client(token: "not-a-real-token")
        let response = try stranger.post("{ searchHistory }")
        #expect(response.errorCode == "UNAUTHENTICATED")
        #expect(try stranger.post("{ viewer { id } }").ok()["viewer"].isNull)
    }

    @Test("another user's draft is NOT_FOUND with the message of a missing one, and stays unchanged")
    func foreignDraft() throws {
        let world = try World()
        defer { world.server.stop() }
        let other = try world.server.signUp("other")
        let missing = globalID("Draft", 999_999)
        let draftOperations = Self.personal.filter { $0.contains("DRAFT") }
        for operation in draftOperations {
            let foreign = try other.client.post(world.fill(operation))
            let absent = try other.client.post(world.fill(operation, draft: missing))
            #expect(foreign.errorCode == "NOT_FOUND", "\(operation): \(foreign)")
            #expect(foreign.errorMessage == absent.errorMessage, "\(operation)")
            #expect(foreign.errorCode == absent.errorCode, "\(operation)")
        }
        let draft = try world.ownerDraft()
        #expect(draft["name"] == "Draft")
        #expect(draft["steps"].array.map { $0["text"].string ?? "" } == ["one", "two"])
        let node = try other.client.post("query($id: ID!) { node(id: $id) { id } }", ["id": .string(world.draft)]).ok()
        #expect(node["node"].isNull)
    }

    @Test("drafts, collections and settings of another user are NOT_FOUND; the viewer's own are there")
    func viewerOnlyUserFields() throws {
        let world = try World()
        defer { world.server.stop() }
        let other = try world.server.signUp("other")
        for field in ["drafts { totalCount }", "collections { totalCount }", "settings { pushEnabled }"] {
            let query = "query($id: ID!) { user(id: $id) { name \(field) } }"
            let foreign = try other.client.post(query, ["id": .string(world.owner.id)])
            #expect(foreign.errorCode == "NOT_FOUND", "\(field): \(foreign)")
            _ = try world.owner.client.post(query, ["id": .string(world.owner.id)]).ok()
        }
        let own = try world.owner.client.post("{ viewer { drafts { totalCount nodes { name } } settings { lunchReminderTime } } }").ok()
        #expect(own["viewer"]["drafts"]["totalCount"] == 1)
    }

    @Test("an ID of the wrong type is BAD_USER_INPUT and changes nothing")
    func wrongTypeIDs() throws {
        let world = try World()
        defer { world.server.stop() }
        let other = try world.server.signUp("other")
        let cases: [String] = [
            "query { draft(id: \"RECIPE\") { id } }",
            "query { recipe(id: \"DISH\") { id } }",
            "query { dish(id: \"RECIPE\") { id } }",
            "query { user(id: \"DRAFT\") { id } }",
            "query { topic(id: \"USER\") { id } }",
            "query { mentionCandidates(targetId: \"USER\") { id } }",
            "query { recipe(id: \"not an id\") { id } }",
            "mutation { follow(userId: \"RECIPE\") { id } }",
            "mutation { unfollow(userId: \"DISH\") { id } }",
            "mutation { collectRecipe(id: \"DISH\") { id } }",
            "mutation { likeDish(id: \"RECIPE\") { id } }",
            "mutation { moveStep(draftId: \"RECIPE\", from: 0, to: 1) { id } }",
            "mutation { addComment(targetId: \"USER\", text: \"hi\") { id } }",
            "mutation { addComment(targetId: \"DISH\", text: \"hi\", replyToId: \"DISH\") { id } }",
            "mutation { uploadDish(input: {photoUrls: [\"https://img.example/a.jpg\"], recipeId: \"DISH\"}) { id } }",
        ]
        for operation in cases {
            let response = try other.client.post(world.fill(operation))
            #expect(response.errorCode == "BAD_USER_INPUT", "\(operation): \(response)")
        }
        let state = try other.client.post(world.fill(
            "{ viewer { followingCount dishesCount collections { totalCount } } dish(id: \"DISH\") { likesCount commentsCount } }")).ok()
        #expect(state["viewer"]["followingCount"] == 0)
        #expect(state["viewer"]["dishesCount"] == 0)
        #expect(state["viewer"]["collections"]["totalCount"] == 0)
        #expect(state["dish"]["likesCount"] == 0)
        #expect(state["dish"]["commentsCount"] == 0)
    }

    @Test("an unknown ID of the right type is null for public objects and NOT_FOUND for mutations")
    func unknownIDs() throws {
        let world = try World()
        defer { world.server.stop() }
        let data = try world.owner.client.post(
            "query($r: ID!, $d: ID!, $u: ID!) { recipe(id: $r) { id } dish(id: $d) { id } user(id: $u) { id } }",
            ["r": .string(globalID("Recipe", 9999)), "d": .string(globalID("Dish", 9999)), "u": .string(globalID("User", 9999))]).ok()
        #expect(data["recipe"].isNull && data["dish"].isNull && data["user"].isNull)
        for operation in [
            "mutation { likeDish(id: \"\(globalID("Dish", 9999))\") { id } }",
            "mutation { collectRecipe(id: \"\(globalID("Recipe", 9999))\") { id } }",
            "mutation { follow(userId: \"\(globalID("User", 9999))\") { id } }",
            "mutation { addComment(targetId: \"\(globalID("Topic", 9999))\", text: \"hi\") { id } }",
        ] {
            #expect(try world.owner.client.post(operation).errorCode == "NOT_FOUND", "\(operation)")
        }
    }

    @Test("first over 100 is BAD_USER_INPUT on every list, not a silent cut", arguments: [
        "{ recipes(first: 101) { totalCount } }",
        "{ feed(first: 101) { totalCount } }",
        "{ search(keyword: \"肉\", first: 101) { totalCount } }",
        "{ viewer { recipes(first: 101) { totalCount } } }",
        "{ viewer { dishes(first: 500) { totalCount } } }",
        "{ viewer { followers(first: 101) { totalCount } } }",
        "{ viewer { following(first: 101) { totalCount } } }",
        "{ viewer { drafts(first: 101) { totalCount } } }",
        "{ viewer { collections(first: 101) { totalCount } } }",
        "{ recipes(first: -1) { totalCount } }",
        "{ recipes(after: \"garbage\") { totalCount } }",
        "{ popularKeywords(first: 51) }",
        "{ mentionCandidates(targetId: \"DISH\", first: 101) { id } }",
    ])
    func firstCap(query: String) throws {
        let world = try World()
        defer { world.server.stop() }
        let response = try world.owner.client.post(world.fill(query))
        #expect(response.errorCode == "BAD_USER_INPUT", "\(response)")
    }
}
