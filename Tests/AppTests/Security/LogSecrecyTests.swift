import Foundation
import Synchronization
import Testing
import HTTPServer
@testable import App

/// Lines a `RequestLog` wrote, kept for a test to read.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// A log that writes here.
    var requestLog: RequestLog { RequestLog { line in self.lines.withLock { $0.append(line) } } }

    var text: String { lines.withLock { $0.joined() } }
}

/// A `TestServer` (on either store) whose log is captured.
struct LoggedServer {
    let server: TestServer
    let log: CapturedLog

    init(configure: (inout ServeOptions) -> Void = { _ in }) throws {
        let log = CapturedLog()
        self.log = log
        server = try TestServer.start(log: log.requestLog, configure: configure)
    }

    var client: GraphQLClient { server.anonymous }

    func stop() { server.stop() }
}

@Suite("Secrets stay out of the log")
struct LogSecrecyTests {
    @Test("passwords and tokens never appear in the log, whether sign-in succeeds or fails")
    func noSecretsLogged() throws {
        let server = try LoggedServer()
        defer { server.stop() }
        let password = "Pa55-word-that-must-not-leak"
        let signUp = try server.client.post(
            "mutation SignUp($i: SignUpInput!) { signUp(input: $i) { token } }",
            ["i": ["username": "secretive", "password": .string(password), "name": "S"]])
        let token = try #require(try signUp.ok()["signUp"]["token"].string)
        let wrong = "wrong-password-also-secret"
        _ = try server.client.post(
            "mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }",
            ["u": "secretive", "p": .string(wrong)])
        let signIn = try server.client.post(
            "mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }",
            ["u": "secretive", "p": .string(password)])
        let second = try #require(try signIn.ok()["signIn"]["token"].string)
        _ = try server.client.with(token: token).post("{ viewer { id } searchHistory }").ok()
        _ = try server.client.with(token: "bogus-\(second)").post("{ searchHistory }")
        // A password as literal text in the query, and a malformed document holding it.
        _ = try server.client.post("mutation { signIn(username: \"secretive\", password: \"\(password)\") { token } }")
        _ = try server.client.post("mutation { signIn(username: \"x\", password: \"\(password)\" ")

        let log = server.log.text
        #expect(log.contains("POST /graphql"), "the log has request lines")
        for secret in [password, wrong, token, second] {
            #expect(!log.contains(secret), "the log holds a secret")
        }
    }
}

@Suite("Introspection switch over HTTP")
struct IntrospectionSwitchTests {
    @Test("with introspection off, __schema and __type are refused before anything runs; __typename still works")
    func introspectionOff() throws {
        let server = try LoggedServer { $0.limits.introspection = false }
        defer { server.stop() }
        for query in ["{ __schema { queryType { name } } }", "{ __type(name: \"Query\") { name } }",
                      "{ recipes { ...F } } fragment F on RecipeConnection { __schema: totalCount }"] {
            let response = try server.client.post(query)
            if query.contains("fragment") {
                // An alias named __schema is just a field.
                #expect(response.status == 200, "\(response)")
            } else {
                #expect(response.status == 400, "\(query): \(response)")
                #expect(response.errorCode == "GRAPHQL_VALIDATION_FAILED", "\(query): \(response)")
                #expect(response.data == .missing)
            }
        }
        #expect(try server.client.post("{ __typename }").ok()["__typename"] == "Query")
    }

    @Test("with introspection on (the default), __schema answers")
    func introspectionOn() throws {
        let server = try LoggedServer()
        defer { server.stop() }
        #expect(try server.client.post("{ __schema { queryType { name } } }").ok()["__schema"]["queryType"]["name"] == "Query")
    }
}
