import Foundation
import Storage
import Testing

@testable import App

@Suite("Persisted queries and trusted documents")
struct PersistedQueriesTests {
    static let greeting = "query Greeting { hello }"
    static var greetingHash: String { ContentHash.sha256(Array(greeting.utf8)) }

    static func extensions(_ hash: String) -> String {
        #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
    }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test("a hash the server does not know answers PERSISTED_QUERY_NOT_FOUND, Apollo's way")
    func notFound() throws {
        try DeveloperTestServer.with { server in
            let response = try server.post(#"{"extensions":\#(Self.extensions(Self.greetingHash))}"#)
            #expect(response.status == 200)
            #expect(response.text.contains(#""message":"PersistedQueryNotFound""#), "\(response.text)")
            #expect(response.text.contains(#""code":"PERSISTED_QUERY_NOT_FOUND""#), "\(response.text)")
        }
    }

    @Test("text with its hash registers it; then a GET with the hash alone runs it")
    func registerThenGet() throws {
        try DeveloperTestServer.with { server in
            let registered = try server.post(
                #"{"query":"\#(Self.greeting)","extensions":\#(Self.extensions(Self.greetingHash))}"#)
            #expect(registered.text == #"{"data":{"hello":"hello, world"}}"#)
            let target = "/graphql?extensions=" + Self.percentEncoded(Self.extensions(Self.greetingHash))
            let fetched = try server.request("GET", target, headers: ["Accept: application/json"])
            #expect(fetched.status == 200)
            #expect(fetched.text == #"{"data":{"hello":"hello, world"}}"#)
        }
    }

    @Test("a hash that does not match the text is refused and not registered")
    func mismatch() throws {
        try DeveloperTestServer.with { server in
            let wrong = String(repeating: "a", count: 64)
            let response = try server.post(#"{"query":"{ hello }","extensions":\#(Self.extensions(wrong))}"#)
            #expect(response.status == 400)
            #expect(response.text.contains("provided sha does not match query"))
            let again = try server.post(#"{"extensions":\#(Self.extensions(wrong))}"#)
            #expect(again.text.contains("PERSISTED_QUERY_NOT_FOUND"))
        }
    }

    @Test("malformed persisted-query extensions are 400s that say what is wrong")
    func malformed() throws {
        try DeveloperTestServer.with { server in
            let version = try server.post(#"{"extensions":{"persistedQuery":{"version":2,"sha256Hash":"\#(Self.greetingHash)"}}}"#)
            #expect(version.status == 400)
            #expect(version.text.contains("Unsupported persisted query version"))
            let hash = try server.post(#"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"xyz"}}}"#)
            #expect(hash.status == 400)
            #expect(hash.text.contains("64 lowercase hex digits"))
        }
    }

    @Test("a mutation named by hash over GET is still refused with 405")
    func mutationOverGet() throws {
        let mutation = #"mutation { signIn(username: "a", password: "b") }"#
        let hash = ContentHash.sha256(Array(mutation.utf8))
        try DeveloperTestServer.with { server in
            let body = #"{"query":"mutation { signIn(username: \"a\", password: \"b\") }","extensions":\#(Self.extensions(hash))}"#
            let registered = try server.post(body)
            #expect(registered.status == 200)
            let target = "/graphql?extensions=" + Self.percentEncoded(Self.extensions(hash))
            let refused = try server.request("GET", target)
            #expect(refused.status == 405)
        }
    }

    @Test("in trusted-documents mode documents run by documentId, and other text is refused")
    func trustedMode() throws {
        let trusted = try TrustedDocuments(documents: [Self.greetingHash: Self.greeting])
        try DeveloperTestServer.with(trusted: trusted) { server in
            let byID = try server.post(#"{"documentId":"sha256:\#(Self.greetingHash)"}"#)
            #expect(byID.text == #"{"data":{"hello":"hello, world"}}"#)
            let byExtension = try server.post(#"{"extensions":\#(Self.extensions(Self.greetingHash))}"#)
            #expect(byExtension.text == #"{"data":{"hello":"hello, world"}}"#)
            let viaGet = try server.request("GET", "/graphql?documentId=sha256:\(Self.greetingHash)")
            #expect(viaGet.text == #"{"data":{"hello":"hello, world"}}"#)
            let other = try server.post(#"{"query":"{ hello(name: \"mallory\") }"}"#)
            #expect(other.text.contains("PERSISTED_QUERY_NOT_IN_LIST"), "\(other.text)")
            #expect(!other.text.contains("mallory"))
            let unknown = try server.post(#"{"documentId":"sha256:\#(String(repeating: "0", count: 64))"}"#)
            #expect(unknown.text.contains("PERSISTED_QUERY_NOT_FOUND"))
            let register = try server.post(
                #"{"query":"{ hello }","extensions":\#(Self.extensions(ContentHash.sha256(Array("{ hello }".utf8))))}"#)
            #expect(register.text.contains("PERSISTED_QUERY_NOT_FOUND"), "no registration in trusted mode: \(register.text)")
        }
    }

    @Test("a trusted-documents file whose hash does not match its text fails at start")
    func staleManifest() throws {
        let files = TemporaryFiles()
        let path = files.write("trusted.json", #"{"\#(String(repeating: "b", count: 64))":"{ hello }"}"#)
        #expect(throws: StartupError.self) { try TrustedDocuments.read(path: path) }
        let bad = files.write("bad.json", #"{"nothex":"{ hello }"}"#)
        #expect(throws: StartupError.self) { try TrustedDocuments.read(path: bad) }
    }

    @Test("the store forgets the oldest documents past its size")
    func boundedStore() {
        let store = PersistedQueryStore(maxBytes: 20)
        store.register("0123456789", hash: "a")
        store.register("0123456789", hash: "b")
        store.register("0123456789", hash: "c")
        #expect(store.text(for: "a") == nil)
        #expect(store.text(for: "b") != nil)
        #expect(store.text(for: "c") != nil)
        #expect(store.count == 2)
    }

    @Test("kitchen persist prints the map a server in trusted mode reads")
    func persistCommand() throws {
        let files = TemporaryFiles()
        let document = files.write("greeting.graphql", Self.greeting)
        let schema = files.write("schema.graphql", DeveloperTestServer.sdl)
        let run = runKitchen(["persist", "--schema", schema, document])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out == #"{"\#(Self.greetingHash)":"query Greeting { hello }"}"# + "\n")
        let manifest = files.write("trusted.json", run.out)
        let trusted = try TrustedDocuments.read(path: manifest)
        #expect(trusted.documents[Self.greetingHash] == Self.greeting)
        let invalid = files.write("bad.graphql", "{ nope }")
        let refused = runKitchen(["persist", "--schema", schema, invalid])
        #expect(refused.status == 1)
        #expect(refused.error.contains("bad.graphql:1:3: Cannot query field \"nope\" on type \"Query\"."), "\(refused.error)")
    }
}
