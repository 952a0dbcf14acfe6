import Testing

@testable import Storage

@Suite("Server secrets")
struct SecretsTests {
    @Test("a secret is made once, kept in the database, and the same after reopening")
    func persisted() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(path: directory.path(), migrations: [])
        let key = try db.secret(named: "token-digest-key")
        #expect(key.count == 32)
        #expect(try db.secret(named: "token-digest-key") == key)
        #expect(try db.secret(named: "another") != key)
        db.close()
        let reopened = try Database.open(path: directory.path(), migrations: [])
        #expect(try reopened.secret(named: "token-digest-key") == key)
        #expect(throws: SQLiteError.self) { try reopened.secret(named: "token-digest-key", byteCount: 16) }
    }
}
