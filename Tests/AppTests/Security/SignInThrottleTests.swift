import Foundation
import Testing
@testable import App

/// Failed sign-ins are limited per account and per client address inside the engine, so
/// aliases and batches spend one try per `signIn` field.
@Suite("Sign-in throttle")
struct SignInThrottleTests {
    static let signIn = "mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }"

    @Test("after five failures for an account even the right password is RATE_LIMITED, with when to retry")
    func perAccount() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("locked")
        for _ in 0..<5 {
            let response = try server.anonymous.post(Self.signIn, ["u": .string(cook.username), "p": "wrong password"])
            #expect(response.errorCode == "UNAUTHENTICATED", "\(response)")
        }
        let refused = try server.anonymous.post(
            Self.signIn, ["u": .string(cook.username), "p": .string(TestAccount.password)])
        #expect(refused.errorCode == "RATE_LIMITED", "\(refused)")
        #expect(refused.errorMessage == SignInThrottle.tooMany(minutes: 15))
        #expect(refused.data.isNull)
        // Another account from the same address is not locked by this one's failures.
        let other = try server.signUp("free")
        _ = try server.signIn(other.username, password: TestAccount.password)
    }

    @Test("aliases in one request cannot multiply tries: the first failure ends the mutation")
    func aliases() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("aliased")
        let fields = (0..<8).map { "a\($0): signIn(username: $u, password: \"wrong password\") { token }" }
        let document = "mutation($u: String!) { \(fields.joined(separator: " ")) }"
        // signIn is non-null, so the first failure nulls `data` and, as in graphql-js, the
        // later mutation fields do not run: eight aliases spend one try, not eight.
        for _ in 0..<4 {
            let response = try server.anonymous.post(document, ["u": .string(cook.username)])
            #expect(response.errorCodes == ["UNAUTHENTICATED"], "\(response)")
        }
        let fifth = try server.anonymous.post(
            Self.signIn, ["u": .string(cook.username), "p": .string(TestAccount.password)])
        #expect(fifth.errorCode == nil, "four requests of eight aliases spent four tries: \(fifth)")
    }

    @Test("an address that fails twenty times over many usernames is RATE_LIMITED for any account")
    func perAddress() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("victim")
        for index in 0..<20 {
            let guess = try server.anonymous.post(Self.signIn, ["u": .string("nobody\(index)"), "p": "guess"])
            #expect(guess.errorCode == "UNAUTHENTICATED", "\(guess)")
        }
        let refused = try server.anonymous.post(
            Self.signIn, ["u": .string(cook.username), "p": .string(TestAccount.password)])
        #expect(refused.errorCode == "RATE_LIMITED", "\(refused)")
    }

    @Test("a good sign-in forgets the account's earlier failures")
    func successClears() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("forgiven")
        for _ in 0..<4 {
            _ = try server.anonymous.post(Self.signIn, ["u": .string(cook.username), "p": "nope nope"])
        }
        _ = try server.signIn(cook.username, password: TestAccount.password)
        for _ in 0..<4 {
            let response = try server.anonymous.post(Self.signIn, ["u": .string(cook.username), "p": "nope nope"])
            #expect(response.errorCode == "UNAUTHENTICATED", "\(response)")
        }
        _ = try server.signIn(cook.username, password: TestAccount.password)
    }
}
