import Foundation
import Testing

@testable import App

@Suite("Prometheus metrics")
struct MetricsTests {
    /// The value of the sample line that starts with `series ` in a scrape.
    static func sample(_ scrape: String, _ series: String) -> Double? {
        scrape.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test("requests, latency and errors are counted by operation name and code")
    func requestFamilies() throws {
        try DeveloperTestServer.with { server in
            _ = try server.post(#"{"query":"query Greeting { hello }"}"#)
            _ = try server.post(#"{"query":"query Greeting { hello }"}"#)
            _ = try server.post(#"{"query":"{ nope }"}"#)
            let response = try server.request("GET", "/metrics")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
            let text = response.text
            #expect(text.contains("# TYPE kitchen_graphql_requests_total counter"))
            #expect(text.contains("# TYPE kitchen_graphql_request_duration_seconds histogram"))
            #expect(Self.sample(text, #"kitchen_graphql_requests_total{operation="Greeting",status="200"}"#) == 2)
            #expect(Self.sample(text, #"kitchen_graphql_requests_total{operation="",status="200"}"#) == 1)
            #expect(Self.sample(text, #"kitchen_graphql_request_duration_seconds_count{operation="Greeting"}"#) == 2)
            #expect(Self.sample(text, #"kitchen_graphql_request_duration_seconds_bucket{operation="Greeting",le="+Inf"}"#) == 2)
            #expect(Self.sample(text, #"kitchen_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}"#) == 1)
            #expect(Self.sample(text, "kitchen_document_cache_hits_total") == 1)
            #expect(Self.sample(text, "kitchen_document_cache_misses_total") == 2)
            #expect(Self.sample(text, "kitchen_open_connections").map { $0 >= 1 } == true, "\(text)")
            #expect(Self.sample(text, "kitchen_sql_statements_total") != nil)
        }
    }

    @Test("histogram buckets are cumulative and end at the count")
    func cumulativeBuckets() {
        var histogram = LatencyHistogram()
        for seconds in [0.0001, 0.003, 0.003, 0.2, 20] { histogram.record(seconds: seconds) }
        var text = PrometheusText()
        histogram.write("t", labels: [], to: &text)
        let values = text.text.split(separator: "\n").filter { $0.hasPrefix("t_bucket") }
            .compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(values == values.sorted())
        #expect(values.first == 1)
        #expect(values.last == 5)
        #expect(text.text.contains(#"t_bucket{le="0.005"} 3"#))
        #expect(text.text.contains("t_count 5"))
    }

    @Test("label values escape backslashes, quotes and newlines")
    func escaping() {
        #expect(PrometheusText.escapeLabel("a\\b\"c\nd") == #"a\\b\"c\nd"#)
        var text = PrometheusText()
        text.sample("m", labels: [("k", "x\"y")], 1.5)
        #expect(text.text == "m{k=\"x\\\"y\"} 1.5\n")
    }

    @Test("operation names beyond the bound share one series")
    func boundedOperations() {
        let metrics = ServerMetrics(maxOperations: 2)
        for name in ["A", "B", "C", "D"] {
            metrics.recordGraphQL(operation: name, status: 200, duration: .milliseconds(1), errorCodes: [])
        }
        let text = metrics.exposition()
        #expect(text.contains(#"operation="(other)",status="200"} 2"#))
        #expect(!text.contains(#"operation="C""#))
    }

    @Test("the database size gauge reads the file and its write-ahead log")
    func databaseSize() throws {
        let files = TemporaryFiles()
        let path = files.write("db.sqlite", String(repeating: "x", count: 1000))
        _ = files.write("db.sqlite-wal", String(repeating: "y", count: 24))
        let routes = DeveloperRoutes.serving(databasePath: path)
        #expect(Self.sample(routes.metrics.exposition(), "kitchen_database_size_bytes") == 1024)
    }
}
