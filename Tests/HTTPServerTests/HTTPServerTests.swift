import Testing
import KitchenTestSupport
import HTTPServer

@Suite("HTTPServer over loopback")
struct HTTPServerTests {
    @Test("a GET reaches the handler and its response comes back")
    func getRoundTrip() throws {
        try withTestServer { _, port in
            let response = try TestClient(port: port).request("GET", "/hello")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.text.contains("method=GET\npath=/hello\n"))
            #expect(response.text.contains("remote=127.0.0.1"))
        }
    }

    @Test("a POST body arrives whole, byte for byte")
    func postRoundTrip() throws {
        try withTestServer(handler: { request in
            HTTPResponse(status: 201, headers: ["X-Length": "\(request.body.count)"], body: request.body)
        }) { _, port in
            let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let response = try TestClient(port: port).request("POST", "/upload", body: body)
            #expect(response.status == 201)
            #expect(response.header("x-length") == "200000")
            #expect(response.body == body)
        }
    }

    @Test("a chunked POST body is reassembled")
    func chunkedBody() throws {
        try withTestServer { _, port in
            let client = try TestClient(port: port)
            try client.send(
                "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.hasSuffix("body=hello world"))
        }
    }

    @Test("query parameters arrive decoded and the raw query string as sent")
    func queryParameters() throws {
        try withTestServer { _, port in
            let response = try TestClient(port: port).request("GET", "/graphql?query=%7B+me+%7D&op=a%26b")
            #expect(response.text.contains("query=query=%7B+me+%7D&op=a%26b\n"))
            #expect(response.text.contains("param query={ me }\nparam op=a&b\n"))
        }
    }

    @Test("request headers are found whatever case the client used")
    func headerLookup() throws {
        try withTestServer { _, port in
            let response = try TestClient(port: port).request("GET", "/", headers: ["X-KITCHEN-Test: spoon"])
            #expect(response.text.contains("x-kitchen-test=spoon"))
        }
    }

    @Test("response headers reach the client")
    func responseHeaders() throws {
        try withTestServer(handler: { _ in
            HTTPResponse(status: 204, headers: ["Cache-Control": "no-store"])
        }) { _, port in
            let response = try TestClient(port: port).request("GET", "/")
            #expect(response.status == 204)
            #expect(response.header("cache-control") == "no-store")
        }
    }

    @Test("a response header containing a line break becomes a 500, not a split header")
    func headerInjection() throws {
        try withTestServer(handler: { _ in
            HTTPResponse(status: 200, headers: ["X-Bad": "a\r\nSet-Cookie: x=1"], body: [])
        }) { _, port in
            let response = try TestClient(port: port).request("GET", "/")
            #expect(response.status == 500)
            #expect(response.header("Set-Cookie") == nil)
        }
    }

    @Test("several requests share one keep-alive connection")
    func keepAlive() throws {
        try withTestServer { _, port in
            let client = try TestClient(port: port)
            for index in 0..<5 {
                let response = try client.request("GET", "/n/\(index)")
                #expect(response.status == 200)
                #expect(response.text.contains("path=/n/\(index)\n"))
            }
        }
    }

    @Test("64 concurrent keep-alive clients each get all of their answers")
    func concurrentClients() throws {
        try withTestServer { _, port in
            let clients = try (0..<64).map { _ in try TestClient(port: port) }
            for round in 0..<5 {
                // Every client's request is sent before any answer is read, so all 64
                // are in the server at once.
                for (index, client) in clients.enumerated() {
                    try client.send("GET /c/\(index)/\(round) HTTP/1.1\r\nHost: x\r\n\r\n")
                }
                for (index, client) in clients.enumerated() {
                    let response = try client.readResponse()
                    #expect(response.status == 200)
                    #expect(response.text.contains("path=/c/\(index)/\(round)\n"))
                }
            }
        }
    }
}
