import HTTPServer

/// Starts a server on 127.0.0.1 port 0 with `configure` applied, runs `body` with it,
/// and stops it afterwards.
func withTestServer<T>(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = echo,
    _ body: (HTTPServer, UInt16) throws -> T
) throws -> T {
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.shutdownGracePeriod = .seconds(5)
    configure(&configuration)
    let server = HTTPServer(handler: ClosureHTTPHandler(handler), configuration: configuration)
    let port = try server.start()
    defer { server.stop() }
    return try body(server, port)
}

/// Answers with a plain-text summary of the request, one fact per line.
@Sendable func echo(_ request: HTTPRequest) -> HTTPResponse {
    var lines = [
        "method=\(request.method)", "path=\(request.path)", "query=\(request.rawQuery)",
        "remote=\(request.remoteAddress)",
    ]
    for parameter in request.queryParameters { lines.append("param \(parameter.name)=\(parameter.value)") }
    if let value = request.headers["x-kitchen-test"] { lines.append("x-kitchen-test=\(value)") }
    lines.append("body=" + String(decoding: request.body, as: UTF8.self))
    return HTTPResponse(status: 200, text: lines.joined(separator: "\n"))
}
