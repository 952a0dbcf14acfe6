import Foundation
import GraphQL
import Testing

@testable import App

@Suite("Request log and request ids")
struct RequestLogTests {
    @Test("every response carries an X-Request-Id, different for each request")
    func requestIDHeader() throws {
        try DeveloperTestServer.with { server in
            let first = try server.post(#"{"query":"{ hello }"}"#)
            let second = try server.request("GET", "/healthz")
            let a = try #require(first.header("X-Request-Id"))
            let b = try #require(second.header("X-Request-Id"))
            #expect(a != b)
            #expect(a.count >= 8 && a.count <= 20)
        }
    }

    @Test("the text line names the id, method, path, operation, status, duration and error codes")
    func textLine() throws {
        try DeveloperTestServer.with { server in
            let response = try server.post(#"{"query":"query Greeting { hello nope }","operationName":"Greeting"}"#)
            let id = try #require(response.header("X-Request-Id"))
            let line = try #require(server.logLines.withLock { $0 }.last)
            #expect(line.hasPrefix("\(id) POST /graphql Greeting 200 "), "\(line)")
            #expect(line.contains("ms GRAPHQL_VALIDATION_FAILED"), "\(line)")
        }
    }

    @Test("the JSON line is one object with the same facts")
    func jsonLine() throws {
        try DeveloperTestServer.with(logFormat: .json) { server in
            let response = try server.post(#"{"query":"{ hello }"}"#)
            let line = try #require(server.logLines.withLock { $0 }.last)
            #expect(!line.dropLast().contains("\n"))
            guard case .object(let object) = try JSONReader.parse(String(line.dropLast())) else {
                Issue.record("not an object: \(line)")
                return
            }
            #expect(object["id"] == .string(response.header("X-Request-Id") ?? ""))
            #expect(object["method"] == .string("POST"))
            #expect(object["path"] == .string("/graphql"))
            #expect(object["operation"] == .null)
            #expect(object["status"] == .int(200))
            #expect(object["errors"] == .list([]))
            if case .string(let time)? = object["time"] { #expect(time.hasSuffix("Z")) } else { Issue.record("no time") }
        }
    }

    @Test("variables, passwords and tokens never reach the log")
    func noSecrets() throws {
        try DeveloperTestServer.with(logFormat: .json) { server in
            _ = try server.post(
                #"{"query":"mutation SignIn($p: String!) { signIn(username: \"alice\", password: $p) }","variables":{"p":"hunter2-secret"}}"#,
                headers: ["Authorization: Bearer tok-abcdef"])
            let log = server.logLines.withLock { $0.joined() }
            #expect(log.contains("SignIn"))
            #expect(!log.contains("hunter2"))
            #expect(!log.contains("tok-abcdef"))
            #expect(!log.contains("token-for-tests"))
        }
    }

    @Test("an internal error's log line carries the request's id, which the client sees too")
    func internalErrorID() throws {
        try DeveloperTestServer.with { server in
            let response = try server.post(#"{"query":"{ broken }"}"#)
            let id = try #require(response.header("X-Request-Id"))
            #expect(response.text.contains(id), "\(response.text)")
            let lines = server.logLines.withLock { $0 }
            #expect(lines.contains { $0.hasPrefix("internal error \(id): disk on fire") }, "\(lines)")
            #expect(lines.last?.contains(" INTERNAL") == true, "\(lines)")
        }
    }

    @Test("client-chosen text cannot forge a line")
    func forgedLines() {
        let record = RequestRecord(
            id: "x", method: "GET", path: "/a\nGET /b", operationName: "A B", status: 200,
            duration: .milliseconds(1), errorCodes: [])
        #expect(!record.textLine.contains("\n"))
        #expect(record.textLine.hasPrefix("x GET /a_GET_/b A_B 200 1.00ms"))
        #expect(!record.jsonLine.contains("\n"))
    }

    @Test("--log-format takes text or json, and names its variable when wrong")
    func logFormatFlag() {
        let run = runKitchen(["serve", "--port", "0"], environment: ["KITCHEN_LOG_FORMAT": "xml"])
        #expect(run.status == 1)
        #expect(run.error.contains("invalid value 'xml' for --log-format (from KITCHEN_LOG_FORMAT): expected text or json"), "\(run.error)")
    }

    @Test("the text line spells the duration with two decimals and joins the error codes")
    func textLineFields() {
        func line(_ duration: Duration, _ codes: [String] = [], operation: String? = "Op") -> String {
            RequestRecord(
                id: "abc", method: "POST", path: "/graphql", operationName: operation, status: 200,
                duration: duration, errorCodes: codes
            ).textLine
        }
        #expect(line(.microseconds(1050), ["A", "B"]) == "abc POST /graphql Op 200 1.05ms A,B")
        #expect(line(.zero, operation: nil) == "abc POST /graphql - 200 0.00ms")
        #expect(line(.microseconds(123_456_789)) == "abc POST /graphql Op 200 123456.79ms")
        #expect(line(.microseconds(100)) == "abc POST /graphql Op 200 0.10ms")
    }
}
