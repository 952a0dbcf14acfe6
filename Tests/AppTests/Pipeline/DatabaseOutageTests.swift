import GraphQL
import Testing

internal import CSQLite
@testable import App
@testable import Storage

/// The one rule for a database that does not answer: which store failures mean that, what
/// a client sees of them, and when a result becomes the 503 refusal (the fault script's
/// `postmaster` and `blackhole` scenarios show it on every transport of a real server).
@Suite("A database that does not answer")
struct DatabaseOutageTests {
    static let sdl = "type Query { stored: String, fixed: String }"

    /// A pipeline whose `stored` field fails with `failure`.
    static func pipeline(_ failure: any Error & Sendable) throws -> RequestPipeline<Void> {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("stored") { _, _ -> String in throw failure }
            query.field("fixed") { _, _ in "fixed" }
        }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: sdl))
        let service = GraphQLService(bound: bound, onInternalError: { error, _ in
            DatabaseOutage.masked(error, requestID: "req-9")
        })
        return RequestPipeline(service: service, makeContext: { _ in () })
    }

    static func run(_ query: String, failing failure: any Error & Sendable) throws -> (ExecutionResult, Refusal?) {
        let pipeline = try pipeline(failure)
        let parameters = try GraphQLRequest(json: .object(ObjectValue([("query", .string(query))])))
        let incoming = IncomingRequest(
            parameters: parameters, transport: .post, caller: Caller(authorization: nil, remoteAddress: "127.0.0.1"))
        guard case .success(let operation) = pipeline.prepare(incoming) else {
            Issue.record("not prepared")
            throw CancellationError()
        }
        let result = pipeline.execute(operation).result
        return (result, pipeline.outage(in: result))
    }

    @Test("an unreadable SQLite file and a PostgreSQL server that went away mean unavailable; a refused statement does not")
    func whichFailures() {
        #expect(SQLiteError(code: SQLITE_IOERR, message: "disk I/O error").isUnavailable)
        #expect(SQLiteError(code: SQLITE_CANTOPEN, message: "unable to open database file").isUnavailable)
        #expect(!SQLiteError(code: SQLITE_CONSTRAINT, message: "UNIQUE constraint failed").isUnavailable)
        #expect(!SQLiteError(code: SQLITE_FULL, message: "database or disk is full").isUnavailable)
        #expect(PostgresError(sqlState: PostgresError.connectionLost, "server closed the connection").isUnavailable)
        #expect(PostgresError(sqlState: "57P01", "terminating connection due to administrator command").isUnavailable)
        #expect(PostgresError.noAnswer(within: .seconds(2)).isUnavailable)
        #expect(!PostgresError(sqlState: "23505", "duplicate key").isUnavailable)
        #expect(!PostgresError.misuse("the database is closed").isUnavailable)
    }

    @Test("a result with nothing but the outage is answered 503 with Retry-After, one UNAVAILABLE error and no SQL")
    func nothingToShow() throws {
        let failure = PostgresError(sqlState: PostgresError.connectionLost, "no connection to 127.0.0.1", sql: "SELECT name FROM recipes")
        let (result, refusal) = try Self.run("{ stored }", failing: failure)
        #expect(result.errors.map(\.code) == ["UNAVAILABLE"])
        let outage = try #require(refusal)
        #expect(outage.kind == .unavailable)
        #expect(outage.status(for: .graphQLResponse) == 503 && outage.status(for: .json) == 503)
        #expect(outage.headers["Retry-After"] == String(DatabaseOutage.retryAfterSeconds))
        #expect(outage.errors.map(\.code) == ["UNAVAILABLE"])
        #expect(outage.errors.first?.extensions["requestId"] == .string("req-9"))
        let text = String(decoding: ExecutionResult(errors: outage.errors).jsonBytes(), as: UTF8.self)
        #expect(!text.contains("SELECT") && !text.contains("127.0.0.1") && !text.contains("\"data\""))
    }

    @Test("a result with data keeps it, its failed field coded UNAVAILABLE, and is not refused")
    func partialData() throws {
        let (result, refusal) = try Self.run("{ stored fixed }", failing: SQLiteError(code: SQLITE_IOERR, message: "disk I/O error"))
        #expect(refusal.map(\.kind) == nil)
        #expect(result.errors.map(\.code) == ["UNAVAILABLE"])
        #expect(result.data == .object(["stored": .null, "fixed": .string("fixed")]))
    }

    @Test("any other internal failure stays INTERNAL and is not an outage")
    func otherFailures() throws {
        let (result, refusal) = try Self.run("{ stored }", failing: SQLiteError(code: SQLITE_CONSTRAINT, message: "CHECK constraint failed"))
        #expect(refusal.map(\.kind) == nil)
        #expect(result.errors.map(\.code) == ["INTERNAL"])
        #expect(result.errors.map(\.message) == ["Internal server error"])
    }

    @Test("an outage met before execution (the token lookup) is the same refusal")
    func beforeExecution() {
        let refusal = Refusal.judging([DatabaseOutage.clientError(PostgresError.noAnswer(within: .seconds(2)))])
        #expect(refusal.kind == .unavailable)
        #expect(Refusal.judging([DatabaseOutage.clientError(PostgresError.misuse("closed"))]).kind == .requestError)
    }
}
