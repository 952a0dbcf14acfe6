import HTTPServer

extension DeveloperRoutes {
    /// Counts a finished request and writes its log line.
    func observe(
        _ request: HTTPRequest, response: HTTPResponse, id: String, operationName: String?,
        duration: Duration, log: RequestLog
    ) {
        let codes = ResponseErrorCodes.of(response)
        if request.path == "/graphql" {
            metrics.recordGraphQL(
                operation: operationName, status: response.status, duration: duration, errorCodes: codes)
        } else {
            metrics.recordOther(status: response.status)
        }
        log.request(
            RequestRecord(
                id: id, method: request.method, path: request.path, operationName: operationName,
                status: response.status, duration: duration, errorCodes: codes))
    }
}
