import Testing
import KitchenTestSupport
import HTTPServer
import Synchronization

@Suite("HTTPServer limits")
struct HTTPServerLimitsTests {
    @Test("a Content-Length over the limit gets 413 before the body is sent")
    func oversizeContentLength() throws {
        try withTestServer(configure: { $0.maxBodySize = 1024 }) { _, port in
            let client = try TestClient(port: port)
            // Only the head is sent; the 10 MB body never comes.
            try client.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
            #expect(client.waitForClose())
        }
    }

    @Test("a body exactly at the limit is accepted")
    func bodyAtLimit() throws {
        try withTestServer(configure: { $0.maxBodySize = 1024 }) { _, port in
            let response = try TestClient(port: port).request("POST", "/", body: Array(repeating: 65, count: 1024))
            #expect(response.status == 200)
        }
    }

    @Test("a 100-continue upload over the limit is refused without a 100")
    func expectContinue() throws {
        try withTestServer(configure: { $0.maxBodySize = 1024 }) { _, port in
            let client = try TestClient(port: port)
            try client.send(
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 413)
        }
    }

    @Test("a chunked body that grows past the limit gets 413 when it ends, never reaching the handler")
    func oversizeChunkedBody() throws {
        let handled = Mutex(0)
        try withTestServer(configure: { $0.maxBodySize = 1024 }, handler: { request in
            handled.withLock { $0 += 1 }
            return echo(request)
        }) { _, port in
            let client = try TestClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            // 4 MB in 1 kB chunks, then a request that must never be read as one.
            let chunk = "400\r\n" + String(repeating: "a", count: 1024) + "\r\n"
            for _ in 0..<64 { try client.send(String(repeating: chunk, count: 64)) }
            try client.send("0\r\n\r\nGET /hidden HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.text == "Request body is larger than 1024 bytes.\n")
            #expect(response.header("Connection") == "close")
            #expect(client.waitForClose())
        }
        #expect(handled.withLock { $0 } == 0)
    }

    @Test("a chunked body exactly at the limit is accepted")
    func chunkedBodyAtLimit() throws {
        try withTestServer(configure: { $0.maxBodySize = 1024 }) { _, port in
            let client = try TestClient(port: port)
            let chunk = "200\r\n" + String(repeating: "a", count: 512) + "\r\n"
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + chunk + "0\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test("a header block over the connection memory limit gets 431")
    func oversizeHeaders() throws {
        try withTestServer(configure: { $0.connectionMemoryLimit = 8192 }) { _, port in
            let client = try TestClient(port: port)
            let huge = String(repeating: "v", count: 16_000)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Huge: \(huge)\r\n\r\n")
            #expect(try client.readResponse().status == 431)
        }
    }

    @Test("a URL over the connection memory limit gets 414")
    func oversizeURL() throws {
        try withTestServer(configure: { $0.connectionMemoryLimit = 8192 }) { _, port in
            let client = try TestClient(port: port)
            let path = "/" + String(repeating: "p", count: 16_000)
            try client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 414)
        }
    }

    @Test("an idle keep-alive connection is closed after the connection timeout")
    func idleTimeout() throws {
        try withTestServer(configure: { $0.connectionTimeout = .seconds(1) }) { _, port in
            let client = try TestClient(port: port, timeoutSeconds: 6)
            #expect(try client.request("GET", "/").status == 200)
            let start = ContinuousClock.now
            #expect(client.waitForClose())
            #expect(ContinuousClock.now - start < .seconds(5))
        }
    }

    @Test("a connection that never sends a request is closed after the timeout")
    func silentConnection() throws {
        try withTestServer(configure: { $0.connectionTimeout = .seconds(1) }) { _, port in
            let client = try TestClient(port: port, timeoutSeconds: 6)
            #expect(client.waitForClose())
        }
    }

    @Test("connections beyond the per-address limit are refused")
    func perAddressLimit() throws {
        try withTestServer(configure: { $0.maxConnectionsPerAddress = 2 }) { _, port in
            let first = try TestClient(port: port), second = try TestClient(port: port)
            #expect(try first.request("GET", "/").status == 200)
            #expect(try second.request("GET", "/").status == 200)
            let third = try TestClient(port: port, timeoutSeconds: 5)
            #expect(third.waitForClose())
        }
    }
}

@Suite("HTTPServer multipart body limit")
struct HTTPServerMultipartLimitTests {
    @Test("a multipart body may be as large as the multipart limit, a JSON body may not")
    func multipartLimit() throws {
        try withTestServer(configure: { $0.maxBodySize = 1024; $0.maxMultipartBodySize = 4096 }) { _, port in
            let body = Array(repeating: UInt8(65), count: 3000)
            let multipart = try TestClient(port: port).request(
                "POST", "/", headers: ["Content-Type: multipart/form-data; boundary=x"], body: body)
            #expect(multipart.status == 200)
            let json = try TestClient(port: port).request(
                "POST", "/", headers: ["Content-Type: application/json"], body: body)
            #expect(json.status == 413)
            let tooBig = try TestClient(port: port).request(
                "POST", "/", headers: ["Content-Type: Multipart/Form-Data; boundary=x"],
                body: Array(repeating: 65, count: 5000))
            #expect(tooBig.status == 413)
        }
    }
}
