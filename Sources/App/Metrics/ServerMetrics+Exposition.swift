import Storage

extension ServerMetrics {
    /// Every family in Prometheus' text format, series sorted so scrapes diff cleanly.
    func exposition() -> String {
        let snapshot = state.withLock { $0 }
        var text = PrometheusText()
        text.family("kitchen_graphql_requests_total", type: "counter", help: "GraphQL requests answered, by operation name and HTTP status.")
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.operation, $0.key.status) < ($1.key.operation, $1.key.status) }) {
            text.sample("kitchen_graphql_requests_total", labels: [("operation", key.operation), ("status", String(key.status))], Double(count))
        }
        text.family("kitchen_graphql_request_duration_seconds", type: "histogram", help: "Time to answer a GraphQL request, by operation name.")
        for (operation, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            histogram.write("kitchen_graphql_request_duration_seconds", labels: [("operation", operation)], to: &text)
        }
        text.family("kitchen_graphql_errors_total", type: "counter", help: "Errors in GraphQL responses, by extensions.code.")
        for (code, count) in snapshot.errors.sorted(by: { $0.key < $1.key }) {
            text.sample("kitchen_graphql_errors_total", labels: [("code", code)], Double(count))
        }
        text.family("kitchen_http_responses_total", type: "counter", help: "HTTP responses on every path, by status.")
        for (status, count) in snapshot.responses.sorted(by: { $0.key < $1.key }) {
            text.sample("kitchen_http_responses_total", labels: [("status", String(status))], Double(count))
        }
        text.family("kitchen_sql_statements_total", type: "counter", help: "SQL statements run by this process.")
        text.sample("kitchen_sql_statements_total", Double(Storage.Connection.totalStatementCount))
        text.family("kitchen_document_cache_hits_total", type: "counter", help: "Query texts found parsed and validated in the document cache.")
        text.sample("kitchen_document_cache_hits_total", Double(cacheHits.load(ordering: .relaxed)))
        text.family("kitchen_document_cache_misses_total", type: "counter", help: "Query texts parsed and validated anew.")
        text.sample("kitchen_document_cache_misses_total", Double(cacheMisses.load(ordering: .relaxed)))
        text.family("kitchen_response_cache_hits_total", type: "counter", help: "Queries answered from the response cache.")
        text.sample("kitchen_response_cache_hits_total", Double(responseCacheHits.load(ordering: .relaxed)))
        text.family("kitchen_response_cache_misses_total", type: "counter", help: "Queries executed because the response cache had no answer.")
        text.sample("kitchen_response_cache_misses_total", Double(responseCacheMisses.load(ordering: .relaxed)))
        for gauge in snapshot.gauges {
            text.family(gauge.name, type: "gauge", help: gauge.help)
            text.sample(gauge.name, gauge.read())
        }
        return text.text
    }
}
