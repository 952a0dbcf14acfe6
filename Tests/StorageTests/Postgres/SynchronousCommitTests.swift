import Foundation
import Testing

@testable import Storage

/// A commit Kitchen acknowledges is on PostgreSQL's disk: every connection it opens commits
/// synchronously, whatever the server or the connection string says (the fault script's
/// `orders` and `postmaster` scenarios kill the processes and find the commits again).
///
/// Runs in scripts/test's PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`).
@Suite("Synchronous commits on PostgreSQL", .enabled(if: TestStoreKind.current == .postgres))
struct SynchronousCommitTests {
    @Test("a connection told synchronous_commit=off by its connection string commits synchronously all the same")
    func overridden() throws {
        let base = try #require(ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"])
        let separator = base.contains("?") ? "&" : "?"
        let url = base + separator + "options=-csynchronous_commit%3Doff"
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        #expect(try connection.queryFirst("SHOW synchronous_commit") { $0.string(0) } == "on")
        let database = try PostgresDatabase.open(url: url, poolSize: 2)
        defer { database.close() }
        #expect(try database.read { c in try c.queryFirst("SHOW synchronous_commit") { $0.string(0) } } == "on")
        #expect(try database.read { c in try c.queryFirst("SHOW fsync") { $0.string(0) } } == "on")
    }
}
