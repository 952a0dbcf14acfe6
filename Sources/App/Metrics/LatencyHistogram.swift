/// A Prometheus histogram of durations in seconds: a count per upper bound, a sum, a count.
///
/// Buckets are cumulative only when written; recording adds one to a single bucket.
struct LatencyHistogram: Sendable {
    /// Upper bounds in seconds, from half a millisecond to ten seconds.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Observations per bucket; the last slot is above every bound (`+Inf` only).
    private(set) var buckets = [UInt64](repeating: 0, count: bounds.count + 1)
    private(set) var sum = 0.0
    private(set) var count: UInt64 = 0

    mutating func record(seconds: Double) {
        var index = 0
        while index < Self.bounds.count, seconds > Self.bounds[index] { index += 1 }
        buckets[index] += 1
        sum += seconds
        count += 1
    }

    /// Writes `name_bucket{…,le=…}`, `name_sum` and `name_count` samples.
    func write(_ name: String, labels: [(String, String)], to text: inout PrometheusText) {
        var cumulative: UInt64 = 0
        for (index, bound) in (Self.bounds + [.infinity]).enumerated() {
            cumulative += buckets[index]
            text.sample(
                name + "_bucket", labels: labels + [("le", PrometheusText.number(bound))], Double(cumulative))
        }
        text.sample(name + "_sum", labels: labels, sum)
        text.sample(name + "_count", labels: labels, Double(count))
    }
}
