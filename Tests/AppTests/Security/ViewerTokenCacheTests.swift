import Foundation
import HTTPServer
import Storage
import Testing

@testable import App

/// Which user a bearer token names is remembered until a token is stored or revoked; this
/// process's other writes leave it known. Everything here runs on the test's thread, so
/// the thread's statement count is exactly what finding the viewer cost.
@Suite("Viewer token cache")
struct ViewerTokenCacheTests {
    @Test("a token stays known across writes to other tables; revoking it, or storing another, is seen at once")
    func acrossOwnWrites() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Database.open(
            path: directory.appendingPathComponent("kitchen.sqlite").path, migrations: DomainMigrations.all)
        defer { database.close() }
        let store = try Store(database: database)
        let user = try store.users.createUser(username: "tokens", name: "Token", passwordHash: "unused", isMember: false)
        let token = try store.tokens.makeToken()
        try store.users.storeToken(digest: store.tokens.digest(token), userID: user.id)

        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(token)")
        let request = HTTPRequest(method: "POST", target: "/graphql", headers: headers)
        /// The request's viewer, and the statements it took to find it.
        func viewer() throws -> (id: Int64?, statements: Int) {
            let before = ThreadStatementCount.current
            let context = try RequestContext.make(for: Caller(request), store: store)
            return (context.viewerID, ThreadStatementCount.current - before)
        }

        #expect(try viewer().id == user.id)
        for enabled in [true, false, true] {
            _ = try store.users.updateSettings(userID: user.id, SettingsChange(pushEnabled: enabled))
            let known = try viewer()
            #expect(known.id == user.id)
            #expect(known.statements == 0, "a write to settings made the token be looked up again")
        }

        let other = try store.tokens.makeToken()
        try store.users.storeToken(digest: store.tokens.digest(other), userID: user.id)
        let afterStoring = try viewer()
        #expect(afterStoring.id == user.id)
        #expect(afterStoring.statements > 0)

        try store.users.revokeToken(digest: store.tokens.digest(token))
        #expect(try viewer().id == nil)
    }
}
