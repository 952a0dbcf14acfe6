import Dispatch
import KitchenTestSupport
import Testing
import HTTPServer

@Suite("HTTPServer start and stop")
struct HTTPServerLifecycleTests {
    @Test("port 0 binds a free port and reports it")
    func ephemeralPort() throws {
        let server = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(port: 0))
        let port = try server.start()
        #expect(port != 0)
        #expect(server.port == port)
        server.stop()
        #expect(server.port == nil)
    }

    @Test("a second server on a taken port fails to start with a reason")
    func portInUse() throws {
        let first = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(port: 0))
        let port = try first.start()
        defer { first.stop() }
        let second = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(port: port))
        #expect(throws: HTTPServerError.self) { try second.start() }
    }

    @Test("a host that is not a numeric address is rejected")
    func invalidHost() {
        let server = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(host: "kitchen.local", port: 0))
        #expect(throws: HTTPServerError.invalidHost("kitchen.local")) { try server.start() }
    }

    @Test("a server starts once")
    func startTwice() throws {
        let server = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(port: 0))
        try server.start()
        defer { server.stop() }
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test("IPv6 loopback works when the host is ::1")
    func ipv6() throws {
        let server = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: .init(host: "::1", port: 0))
        do { try server.start() } catch { return }  // no IPv6 on this machine
        server.stop()
    }

    @Test("stop() does not wait for idle keep-alive connections, and closes them")
    func stopWithIdleConnection() throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.shutdownGracePeriod = .seconds(30)
        let server = HTTPServer(handler: ClosureHTTPHandler(echo), configuration: configuration)
        let client = try TestClient(port: server.start(), timeoutSeconds: 10)
        #expect(try client.request("GET", "/").status == 200)
        let start = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(client.waitForClose())
    }

    @Test("stop() stops accepting, then lets a slow request in flight finish")
    func gracefulStop() throws {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        try withTestServer(handler: { request in
            entered.signal()
            _ = gate.wait(timeout: .now() + 10)
            return HTTPResponse(text: "finished \(request.path)")
        }) { server, port in
            let client = try TestClient(port: port)
            try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(entered.wait(timeout: .now() + 10) == .success)

            let stopped = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                server.stop()
                stopped.signal()
            }
            // Once quiesced, new connections are refused; the slow request is still held.
            #expect(waitUntilRefused(port: port))
            #expect(stopped.wait(timeout: .now()) == .timedOut)

            gate.signal()
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "finished /slow")
            #expect(stopped.wait(timeout: .now() + 10) == .success)
        }
    }
}

/// Tries to connect until the connection is refused; false if it never is within about 10 s.
private func waitUntilRefused(port: UInt16) -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
        do { _ = try TestClient(port: port, timeoutSeconds: 1) } catch { return true }
    }
    return false
}
