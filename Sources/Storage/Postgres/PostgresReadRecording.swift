import Glibc
import Synchronization

/// Collects the reads of the statements a thread runs inside
/// `PostgresDatabase.recordingReads`.
final class PostgresReadRecorder {
    let database: PostgresDatabase
    var reads = ReadSet()

    init(database: PostgresDatabase) {
        self.database = database
    }

    /// Adds what one run of `sql` (prepared on `connection` as `statement`) with
    /// `arguments` reads.
    func note(_ sql: String, statement: String, arguments: [PostgresValue], on connection: PostgresConnection) {
        database.statementReads(sql, statement: statement, parameterCount: arguments.count, on: connection)
            .record(into: &reads, arguments: arguments)
    }
}

/// The recorder of the calling thread, if it is inside `PostgresDatabase.recordingReads`.
enum PostgresReadRecording {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: PostgresReadRecorder? {
        pthread_getspecific(key).map { Unmanaged<PostgresReadRecorder>.fromOpaque($0).takeUnretainedValue() }
    }

    static func set(_ recorder: PostgresReadRecorder?) {
        pthread_setspecific(key, recorder.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
    }
}

extension PostgresDatabase {
    /// Runs `body` and returns, with its value, what the statements it ran on this thread
    /// read (`PostgresStatementReads`): the tables and columns each statement's plan uses,
    /// or the rows a key parameter names. Nested calls record into the outer one as well.
    public func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, ReadSet) {
        let outer = PostgresReadRecording.current
        let recorder = PostgresReadRecorder(database: self)
        PostgresReadRecording.set(recorder)
        defer {
            PostgresReadRecording.set(outer)
            outer?.reads.formUnion(recorder.reads)
        }
        let value = try withExtendedLifetime(recorder) { try body() }
        return (value, recorder.reads)
    }

    /// What `sql` reads, described once per text from its plan on `connection` (where it is
    /// prepared as `statement`) and kept; unbounded when there is no catalog or no plan.
    func statementReads(
        _ sql: String, statement: String, parameterCount: Int, on connection: PostgresConnection
    ) -> PostgresStatementReads {
        if let known = describedStatements.withLock({ $0[sql] }) { return known }
        guard let catalog = postgresCatalog,
            let plan = connection.genericPlan(of: statement, parameterCount: parameterCount)
        else { return .unbounded }
        let reads = PostgresStatementReads(plan: plan, catalog: catalog)
        describedStatements.withLock { cache in
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[sql] = reads
        }
        return reads
    }
}

extension PostgresConnection {
    /// The generic plan of the prepared `statement` (`EXPLAIN (VERBOSE, FORMAT JSON)`, the
    /// same for every parameter value), or nil when PostgreSQL will not show one. Runs in a
    /// savepoint (or a transaction of its own), which it rolls back, so the setting it
    /// changes and any failure leave the caller's transaction as it was.
    func genericPlan(of statement: String, parameterCount: Int) -> String? {
        let nested = isInTransaction
        do {
            try runControl(nested ? "SAVEPOINT kitchen_explain" : "BEGIN")
            defer {
                if nested {
                    try? runControl("ROLLBACK TO SAVEPOINT kitchen_explain")
                    try? runControl("RELEASE SAVEPOINT kitchen_explain")
                } else {
                    try? runControl("ROLLBACK")
                }
            }
            try runControl("SET LOCAL plan_cache_mode = force_generic_plan")
            let nulls = Array(repeating: "NULL", count: parameterCount).joined(separator: ", ")
            let rows = try plumbing(
                "EXPLAIN (VERBOSE, COSTS OFF, FORMAT JSON) EXECUTE \(statement)" + (parameterCount > 0 ? "(\(nulls))" : ""))
            return rows.first?.first ?? nil
        } catch {
            return nil
        }
    }
}
