import Foundation
import Testing
import KitchenTestSupport
@testable import App

/// Hostile strings in every kind of string argument: quotes, SQL, NUL, bidi controls,
/// emoji and 100 kB of text are either refused with a clear client error or stored and
/// returned byte for byte — never an INTERNAL error, never a 5xx. (A NUL in text a
/// mutation would store is refused up front (`StoredTexts`); before that rule, `"\u{0}"`
/// as a draft name, comment or search keyword was INTERNAL, found by these tests.)
@Suite("Hostile input")
struct HostileInputTests {
    static let hostile: [String] = [
        "'", "\"", "\\", "''; DROP TABLE users; --", "Robert'); DELETE FROM drafts; --",
        "1 OR 1=1", "\" OR \"\"=\"", "a\u{0}b", "\u{0}", "%_*", "NEAR(a b)", "\"unterminated",
        "title:*", "😀\u{202E}gnp.exe", "   ", "\u{FEFF}", "<script>alert(1)</script>",
        String(repeating: "长", count: 34_000),
    ]

    /// Client errors a refusal may carry; anything else (INTERNAL above all) fails.
    static let clearCodes: Set<String> = [
        "BAD_USER_INPUT", "NOT_FOUND", "UNAUTHENTICATED", "RATE_LIMITED", "CONFLICT", "FORBIDDEN",
    ]

    func expectClear(_ response: GraphQLResponse, _ what: String) {
        #expect(response.status < 500, "\(what): \(response.status)")
        for code in response.errorCodes {
            #expect(Self.clearCodes.contains(code), "\(what): \(code) \(response.errorMessage ?? "")")
        }
    }

    @Test("strings stored by mutations come back verbatim or are refused clearly")
    func storedStrings() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("hostile")
        let dish = try cook.uploadDish()
        for text in Self.hostile {
            let label = String(text.prefix(30).debugDescription)
            let draft = try cook.client.post(
                "mutation($s: String!) { createDraft(name: $s) { name } }", ["s": .string(text)])
            expectClear(draft, "createDraft \(label)")
            if draft.errors.isEmpty { #expect(draft.data["createDraft"]["name"].string == text, "\(label)") }

            let comment = try cook.client.post(
                "mutation($d: ID!, $s: String!) { addComment(targetId: $d, text: $s) { text } }",
                ["d": .string(dish), "s": .string(text)])
            expectClear(comment, "addComment \(label)")
            if comment.errors.isEmpty { #expect(comment.data["addComment"]["text"].string == text, "\(label)") }

            let profile = try cook.client.post(
                "mutation($s: String!) { updateProfile(input: {bio: $s}) { bio } }", ["s": .string(text)])
            expectClear(profile, "updateProfile \(label)")
            if profile.errors.isEmpty { #expect(profile.data["updateProfile"]["bio"].string == text, "\(label)") }

            let search = try cook.client.post(
                "mutation($s: String!) { recordSearch(keyword: $s) }", ["s": .string(text)])
            expectClear(search, "recordSearch \(label)")
        }
    }

    @Test("strings used to look things up find nothing or are refused clearly")
    func lookupStrings() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("lookup")
        let dish = try cook.uploadDish()
        let lookups: [String] = [
            "query($s: String!) { search(keyword: $s) { totalCount } }",
            "query($s: String!) { search(keyword: $s, type: USER) { totalCount } }",
            "query($s: String!) { recipes(after: $s) { totalCount } }",
            "query($s: ID!) { recipe(id: $s) { id } }",
            "query($s: ID!) { node(id: $s) { id } }",
            "query($s: String!) { appConfig(app: KITCHEN, clientVersion: $s) { __typename } }",
            "query($s: String!, $d: ID!) { mentionCandidates(targetId: $d, prefix: $s) { id } }",
            "mutation($s: String!) { signIn(username: $s, password: $s) { token } }",
        ]
        for text in Self.hostile {
            for document in lookups {
                var variables: [String: JSON] = ["s": .string(text)]
                if document.contains("$d") { variables["d"] = .string(dish) }
                let response = try cook.client.post(document, variables)
                expectClear(response, "\(document) \(text.prefix(30).debugDescription)")
            }
        }
    }

    @Test("invalid UTF-8 in a request body is a 400, not a crash")
    func invalidUTF8() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let prefix = Array(#"{"query":"mutation { createDraft(name: \""#.utf8)
        let suffix = Array(#"\") { name } }"}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF]] {
            let client = try TestClient(port: server.server.port)
            let response = try client.request(
                "POST", "/graphql",
                headers: ["Content-Type: application/json", "Accept: application/graphql-response+json"],
                body: prefix + bad + suffix)
            #expect(response.status == 400, "\(bad): \(response.status) \(response.text)")
        }
    }

    @Test("a NUL a mutation would store is refused as BAD_USER_INPUT with nothing changed; elsewhere it is text")
    func nulRefusedWhereStored() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("nul")
        let stored: [(String, [String: JSON])] = [
            ("mutation($s: String!) { createDraft(name: $s) { name } }", ["s": "\u{0}"]),
            ("mutation($s: String!) { createDraft(name: $s) { name } }", ["s": "a\u{0}b"]),
            ("mutation { createDraft(name: \"\\u0000\") { name } }", [:]),
            ("mutation { createDraft(name: \"x\\u{00}\") { name } }", [:]),
            ("mutation { createDraft(name: \"\"\"x\u{0}y\"\"\") { name } }", [:]),
            ("mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { name } }", ["i": ["bio": "a\u{0}"]]),
            ("mutation($k: String!) { recordSearch(keyword: $k) }", ["k": "\u{0}"]),
            ("mutation M($s: String! = \"\\u0000\") { ...F } fragment F on Mutation { createDraft(name: $s) { name } }", [:]),
        ]
        for (document, variables) in stored {
            let response = try cook.client.post(document, variables)
            #expect(response.status == 400, "\(document): \(response)")
            #expect(response.errorCode == "BAD_USER_INPUT", "\(document): \(response)")
            #expect(response.errorMessage == StoredTexts.message, "\(document): \(response)")
            #expect(response.data == .missing)
        }
        let unchanged = try cook.client.post("{ viewer { bio drafts { totalCount } } searchHistory }").ok()
        #expect(unchanged["viewer"]["drafts"]["totalCount"] == 0)
        #expect(unchanged["viewer"]["bio"] == .null)
        #expect(unchanged["searchHistory"] == [])
        // Not stored: a comment, a query's argument, a password (hashed), an escaped backslash.
        let passing: [(String, [String: JSON])] = [
            ("mutation { createDraft(name: \"ok\") { name } } # a comment \u{0} here", [:]),
            ("query($s: String!) { search(keyword: $s) { totalCount } }", ["s": "a\u{0}b"]),
            ("{ search(keyword: \"a\\u0000\") { totalCount } }", [:]),
            ("mutation { createDraft(name: \"\\\\u0000\") { name } }", [:]),
        ]
        for (document, variables) in passing {
            let response = try cook.client.post(document, variables)
            #expect(response.status == 200 && response.errors.isEmpty, "\(document): \(response)")
        }
        let signIn = try server.anonymous.post(
            "mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }",
            ["u": .string(cook.username), "p": "wrong\u{0}"])
        #expect(signIn.errorCode == "UNAUTHENTICATED" || signIn.errorCode == "BAD_USER_INPUT", "\(signIn)")
        #expect(signIn.errorMessage != StoredTexts.message)
    }
}
