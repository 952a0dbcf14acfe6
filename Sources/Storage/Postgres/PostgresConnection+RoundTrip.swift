internal import CPostgres
import Foundation

extension PostgresConnection {
    /// The libpq connection parameters Kitchen sets unless the connection string sets them:
    /// a dead network path to the server is noticed within about a minute, not after the
    /// operating system's two hours of TCP keepalive silence.
    ///
    /// - `keepalives`, `keepalives_idle`, `keepalives_interval`, `keepalives_count`: an idle
    ///   connection is probed after 30 s of silence, every 10 s, and dropped after 3
    ///   unanswered probes;
    /// - `tcp_user_timeout`: data sent and not acknowledged for 30 s drops the connection;
    /// - `connect_timeout` (`connectTimeout(for:)`): a connection attempt gives up within the
    ///   round-trip limit.
    ///
    /// A path that still acknowledges but no longer answers is what `roundTripLimit` is for.
    static let socketDefaults: KeyValuePairs<String, String> = [
        "keepalives": "1",
        "keepalives_idle": "30",
        "keepalives_interval": "10",
        "keepalives_count": "3",
        "tcp_user_timeout": "30000",
    ]

    /// Whole seconds a connection attempt may take: the round-trip limit rounded up (libpq
    /// takes no less than 2), or 10 without one.
    static func connectTimeout(for limit: Duration?) -> Int {
        guard let limit else { return 10 }
        let seconds = Int(limit.components.seconds) + (limit.components.attoseconds > 0 ? 1 : 0)
        return max(2, seconds)
    }

    /// Starts a connection for `url` (a URI or a `key=value` string) with `socketDefaults`
    /// and `connect_timeout` in front of it: libpq reads the array in order, so whatever the
    /// string sets wins.
    static func connect(_ url: String, roundTripLimit: Duration?) -> OpaquePointer? {
        let pairs = socketDefaults.map { ($0.key, $0.value) }
            + [("connect_timeout", String(connectTimeout(for: roundTripLimit))), ("dbname", url)]
        let keywords = pairs.map { strdup($0.0) }
        let values = pairs.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        return PQconnectdbParams(keywordPointers, valuePointers, 1)
    }

    /// Sends one request with `send` (a `PQsend…` call) and waits for its results, each
    /// wait on the socket bounded by what is left of `roundTripLimit`; returns the first
    /// error result, else the last result (as `PQexec` does), for the caller to clear.
    ///
    /// A limit that runs out abandons the connection (`isHealthy` turns false, so the pool
    /// closes it instead of lending it again) and throws `PostgresError.noAnswer`: the
    /// request's thread is free again within the limit, however the path to the server
    /// died. The server's backend ends its transaction when it notices the socket gone.
    func roundTrip(_ send: (OpaquePointer) -> Int32) throws(PostgresError) -> OpaquePointer? {
        try checkOpen()
        guard send(handle) == 1 else { throw failure(sql: nil) }
        let deadline = roundTripLimit.map { ContinuousClock.now + $0 }
        var kept: OpaquePointer?
        while true {
            while PQisBusy(handle) == 1 {
                try waitForAnswer(until: deadline, keeping: kept)
                guard PQconsumeInput(handle) == 1 else {
                    PQclear(kept)
                    throw failure(sql: nil)
                }
            }
            guard let result = PQgetResult(handle) else { return kept }
            if let previous = kept, PQresultStatus(previous) == PGRES_FATAL_ERROR {
                PQclear(result)
            } else {
                PQclear(kept)
                kept = result
            }
        }
    }

    /// Waits until the socket has something to read, or throws `noAnswer` (abandoning
    /// the connection) once `deadline` passes.
    private func waitForAnswer(until deadline: ContinuousClock.Instant?, keeping kept: OpaquePointer?) throws(PostgresError) {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                milliseconds = Int32(clamping: max(0, left.components.seconds * 1000
                    + left.components.attoseconds / 1_000_000_000_000_000))
            }
            let ready = kitchen_pq_wait_readable(handle, -1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno == EINTR { continue }
            PQclear(kept)
            guard ready == 0 else { throw failure(sql: nil) }
            abandon()
            throw .noAnswer(within: roundTripLimit)
        }
    }

    /// The error libpq reports for the connection (a lost one counts as `connectionLost`).
    func failure(sql: String?) -> PostgresError {
        let state = PQstatus(handle) == CONNECTION_OK ? "" : PostgresError.connectionLost
        return PostgresError(sqlState: state, String(cString: PQerrorMessage(handle)).trimmingSpaces, sql: sql)
    }
}

extension PostgresConnection {
    /// The value libpq uses for the connection parameter `keyword` (`PQconninfo`): what a
    /// connection string and Kitchen's defaults made of it.
    func connectionParameter(_ keyword: String) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let key = option.pointee.keyword {
            if String(cString: key) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }
}
