import Storage
import Synchronization

/// Kitchen's counters and gauges, served at `GET /metrics` in Prometheus' text format.
///
/// Recording a request takes one lock for a dictionary lookup and a few additions, so the
/// cost per request stays a small fraction of the cheapest query. Operation names are
/// chosen by clients, so at most `maxOperations` distinct names get series of their own;
/// later names are counted under `operation="(other)"`, keeping a scrape bounded.
public final class ServerMetrics: Sendable {
    /// A reading taken at scrape time, e.g. open connections or the database size.
    public typealias Gauge = @Sendable () -> Double

    struct OperationKey: Hashable {
        var operation: String
        var status: Int
    }

    struct State {
        var requests: [OperationKey: UInt64] = [:]
        var latency: [String: LatencyHistogram] = [:]
        var errors: [String: UInt64] = [:]
        var responses: [Int: UInt64] = [:]
        var gauges: [(name: String, help: String, read: Gauge)] = []
    }

    /// The most operation names with series of their own.
    let maxOperations: Int
    let state = Mutex(State())
    let cacheHits = Atomic<UInt64>(0)
    let cacheMisses = Atomic<UInt64>(0)
    let responseCacheHits = Atomic<UInt64>(0)
    let responseCacheMisses = Atomic<UInt64>(0)

    /// Creates an empty registry.
    public init(maxOperations: Int = 200) {
        self.maxOperations = maxOperations
    }

    /// Counts one answered `/graphql` request: its operation (`""` when anonymous), status,
    /// duration and the codes of its errors.
    func recordGraphQL(operation: String?, status: Int, duration: Duration, errorCodes: [String]) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        state.withLock { state in
            var name = operation ?? ""
            if state.latency[name] == nil, state.latency.count >= maxOperations { name = "(other)" }
            state.requests[OperationKey(operation: name, status: status), default: 0] += 1
            state.latency[name, default: LatencyHistogram()].record(seconds: seconds)
            for code in errorCodes { state.errors[code, default: 0] += 1 }
            state.responses[status, default: 0] += 1
        }
    }

    /// Counts a response to any other path.
    func recordOther(status: Int) {
        state.withLock { $0.responses[status, default: 0] += 1 }
    }

    /// Counts a lookup in the document cache.
    func recordDocumentCache(hit: Bool) {
        if hit {
            cacheHits.add(1, ordering: .relaxed)
        } else {
            cacheMisses.add(1, ordering: .relaxed)
        }
    }

    /// Counts a lookup in the response cache.
    func recordResponseCache(hit: Bool) {
        if hit {
            responseCacheHits.add(1, ordering: .relaxed)
        } else {
            responseCacheMisses.add(1, ordering: .relaxed)
        }
    }

    /// Adds a gauge read at every scrape (`kitchen_` names, e.g. `kitchen_open_connections`).
    public func registerGauge(_ name: String, help: String, read: @escaping Gauge) {
        state.withLock { $0.gauges.append((name, help, read)) }
    }
}
