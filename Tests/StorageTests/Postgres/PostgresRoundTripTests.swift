import Foundation
import Testing

@testable import Storage

/// A dead path to PostgreSQL is noticed: every connection probes a silent socket by
/// Kitchen's keepalive defaults unless its connection string says otherwise, and a round
/// trip that gets no answer within the limit gives its connection up with an error that
/// means "the database does not answer" (the fault script's `blackhole` scenario shows the
/// same through a proxy that stops forwarding, end to end).
///
/// Runs in scripts/test's PostgreSQL pass (`KITCHEN_TEST_STORE=postgres`).
@Suite("Round trips to PostgreSQL", .enabled(if: TestStoreKind.current == .postgres))
struct PostgresRoundTripTests {
    static var base: String { ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"] ?? "" }

    @Test("a connection takes Kitchen's keepalive defaults and a connect timeout from the round-trip limit")
    func defaults() throws {
        let connection = try PostgresConnection(url: Self.base, roundTripLimit: .seconds(3))
        defer { connection.close() }
        #expect(connection.connectionParameter("keepalives") == "1")
        #expect(connection.connectionParameter("keepalives_idle") == "30")
        #expect(connection.connectionParameter("keepalives_interval") == "10")
        #expect(connection.connectionParameter("keepalives_count") == "3")
        #expect(connection.connectionParameter("tcp_user_timeout") == "30000")
        #expect(connection.connectionParameter("connect_timeout") == "3")
    }

    @Test("what the connection string sets wins over Kitchen's defaults")
    func connectionStringWins() throws {
        let separator = Self.base.contains("?") ? "&" : "?"
        let url = Self.base + separator + "keepalives_idle=7&tcp_user_timeout=4000&connect_timeout=9"
        let connection = try PostgresConnection(url: url, roundTripLimit: .seconds(3))
        defer { connection.close() }
        #expect(connection.connectionParameter("keepalives_idle") == "7")
        #expect(connection.connectionParameter("tcp_user_timeout") == "4000")
        #expect(connection.connectionParameter("connect_timeout") == "9")
        #expect(connection.connectionParameter("keepalives_count") == "3")
    }

    @Test("a round trip with no answer within the limit gives the connection up and means the database does not answer")
    func limitedRoundTrip() throws {
        let connection = try PostgresConnection(url: Self.base, roundTripLimit: .milliseconds(500))
        defer { connection.close() }
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT pg_sleep(30)") }
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(error.isUnavailable)
        #expect(!connection.isHealthy)
        // The next statement fails at once rather than reading the late answer.
        #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
    }

    @Test("a pool gives up a connection that got no answer and answers with a fresh one")
    func poolReplacesAbandoned() throws {
        let database = try PostgresDatabase.open(url: Self.base, poolSize: 1, roundTripLimit: .milliseconds(500))
        defer { database.close() }
        #expect(throws: PostgresError.self) { try database.read { try $0.execute("SELECT pg_sleep(30)") } }
        #expect(try database.read { try $0.queryFirst("SELECT 1") { $0.int(0) } } == 1)
    }
}
