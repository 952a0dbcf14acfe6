import Testing

/// Accounts over HTTP: sign-up, sign-in, sign-out, profiles and follows.
@Suite("Accounts and follows")
struct AccountMutationsTests {
    static let signIn = "mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token user { id } } }"
    static let signUp = "mutation($input: SignUpInput!) { signUp(input: $input) { token user { id } } }"

    @Test("sign-in gives a new working token; a wrong password and an unknown user fail alike")
    func signIn() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("signin")
        let again = try server.signIn(cook.username, password: TestAccount.password)
        #expect(again.id == cook.id)
        #expect(again.token != cook.token)
        #expect(try again.client.post("{ viewer { id } }").ok()["viewer"]["id"].string == cook.id)
        let upper = try server.signIn(cook.username.uppercased(), password: TestAccount.password)
        #expect(upper.id == cook.id)
        let wrong = try server.anonymous.post(Self.signIn, ["u": .string(cook.username), "p": "wrong password"])
        let unknown = try server.anonymous.post(Self.signIn, ["u": "nobody_here", "p": "wrong password"])
        #expect(wrong.errorCode == "UNAUTHENTICATED")
        #expect(unknown.errorCode == "UNAUTHENTICATED")
        #expect(wrong.errorMessage == unknown.errorMessage)
    }

    @Test("sign-up refuses a bad username, a short password, a blank name and a taken username")
    func signUpRules() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("taken")
        let cases: [(JSON, String)] = [
            (["username": "ab", "password": "long enough", "name": "A"], "BAD_USER_INPUT"),
            (["username": "has space", "password": "long enough", "name": "A"], "BAD_USER_INPUT"),
            (["username": "fine_name", "password": "short", "name": "A"], "BAD_USER_INPUT"),
            (["username": "fine_name", "password": "long enough", "name": "  "], "BAD_USER_INPUT"),
            (["username": .string(cook.username.uppercased()), "password": "long enough", "name": "A"], "CONFLICT"),
        ]
        for (input, code) in cases {
            let response = try server.anonymous.post(Self.signUp, ["input": input])
            #expect(response.errorCode == code, "\(input): \(response)")
        }
        let none = try server.anonymous.post(Self.signIn, ["u": "fine_name", "p": "long enough"])
        #expect(none.errorCode == "UNAUTHENTICATED")
    }

    @Test("signing out revokes only the token it was sent with")
    func signOut() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("signout")
        let other = try server.signIn(cook.username, password: TestAccount.password)
        #expect(try cook.client.post("mutation { signOut }").ok()["signOut"] == true)
        #expect(try cook.client.post("{ viewer { id } }").ok()["viewer"].isNull)
        #expect(try cook.client.post("{ searchHistory }").errorCode == "UNAUTHENTICATED")
        #expect(try other.client.post("{ viewer { id } }").ok()["viewer"]["id"].string == cook.id)
    }

    @Test("updating the profile changes only the given fields; null clears; bad input changes nothing")
    func updateProfile() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("profile", name: "Old")
        let update = "mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { name bio gender birthday hometown avatar { url } } }"
        let data = try cook.client.post(update, ["input": ["bio": "爱做饭", "gender": "FEMALE", "birthday": "1990-02-28", "avatarUrl": "https://img.example/me.jpg"]]).ok()
        #expect(data["updateProfile"]["name"] == "Old")
        #expect(data["updateProfile"]["bio"] == "爱做饭")
        #expect(data["updateProfile"]["gender"] == "FEMALE")
        #expect(data["updateProfile"]["avatar"]["url"] == "https://img.example/me.jpg")
        let cleared = try cook.client.post(update, ["input": ["bio": nil, "avatarUrl": nil, "name": "New"]]).ok()
        #expect(cleared["updateProfile"]["bio"].isNull)
        #expect(cleared["updateProfile"]["avatar"].isNull)
        #expect(cleared["updateProfile"]["name"] == "New")
        #expect(cleared["updateProfile"]["gender"] == "FEMALE")
        for input: JSON in [["name": "  ", "hometown": "Wuhan"], ["birthday": "2999-01-01", "hometown": "Wuhan"], ["birthday": "1990-02-30"]] {
            let response = try cook.client.post(update, ["input": input])
            #expect(response.errorCode == "BAD_USER_INPUT", "\(input)")
        }
        let read = try cook.client.post("{ viewer { name hometown birthday } }").ok()
        #expect(read["viewer"]["name"] == "New")
        #expect(read["viewer"]["hometown"].isNull)
        #expect(read["viewer"]["birthday"] == "1990-02-28")
    }

    @Test("following is idempotent, unfollowing too; following yourself is BAD_USER_INPUT")
    func follow() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let fan = try server.signUp("fan")
        let star = try server.signUp("star")
        let follow = "mutation($id: ID!) { follow(userId: $id) { id followersCount viewerIsFollowing } }"
        let unfollow = "mutation($id: ID!) { unfollow(userId: $id) { id followersCount viewerIsFollowing } }"
        for _ in 0..<2 {
            let data = try fan.client.post(follow, ["id": .string(star.id)]).ok()
            #expect(data["follow"]["followersCount"] == 1)
            #expect(data["follow"]["viewerIsFollowing"] == true)
        }
        let graph = try fan.client.post(
            "query($id: ID!) { viewer { followingCount following { nodes { id } } } user(id: $id) { followers { totalCount nodes { id } } } }",
            ["id": .string(star.id)]).ok()
        #expect(graph["viewer"]["followingCount"] == 1)
        #expect(graph["viewer"]["following"]["nodes"][0]["id"].string == star.id)
        #expect(graph["user"]["followers"]["nodes"].array.map { $0["id"].string } == [fan.id])
        let me = try fan.client.post(follow, ["id": .string(fan.id)])
        #expect(me.errorCode == "BAD_USER_INPUT")
        for _ in 0..<2 {
            let data = try fan.client.post(unfollow, ["id": .string(star.id)]).ok()
            #expect(data["unfollow"]["followersCount"] == 0)
            #expect(data["unfollow"]["viewerIsFollowing"] == false)
        }
        let anonymous = try server.anonymous.post("query($id: ID!) { user(id: $id) { viewerIsFollowing } }", ["id": .string(star.id)]).ok()
        #expect(anonymous["user"]["viewerIsFollowing"] == false)
    }
}

@Suite("Sign-in rate limit")
struct SignInRateLimitTests {
    @Test("after five failures a username is refused even with the right password; others are not")
    func rateLimited() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("limited")
        let other = try server.signUp("other")
        for _ in 0..<5 {
            let wrong = try server.anonymous.post(AccountMutationsTests.signIn, ["u": .string(cook.username), "p": "wrong password"])
            #expect(wrong.errorMessage == "The username or password is wrong.")
        }
        let refused = try server.anonymous.post(AccountMutationsTests.signIn, ["u": .string(cook.username), "p": .string(TestAccount.password)])
        #expect(refused.errorCode == "RATE_LIMITED")
        #expect(refused.errorMessage?.contains("Too many") == true)
        _ = try server.signIn(other.username, password: TestAccount.password)
        for _ in 0..<5 { _ = try server.anonymous.post(AccountMutationsTests.signIn, ["u": "no_such_user", "p": "wrong password"]) }
        let unknown = try server.anonymous.post(AccountMutationsTests.signIn, ["u": "no_such_user", "p": "wrong password"])
        #expect(unknown.errorMessage == refused.errorMessage)
    }
}
