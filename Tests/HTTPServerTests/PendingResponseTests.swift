import Dispatch
import HTTPServer
import KitchenTestSupport
import Synchronization
import Testing

@Suite("HTTPServer pending responses")
struct PendingResponseTests {
    /// Keeps the pending responses the handler hands out, for the test to complete.
    final class Pending: Sendable {
        let handedOut = Mutex<[PendingResponse]>([])
        let created = DispatchSemaphore(value: 0)

        /// `/later` answers with a pending response; `/now` at once.
        func handler() -> @Sendable (HTTPRequest) -> HTTPResponse {
            { request in
                guard request.path == "/later" else { return HTTPResponse(status: 200, text: "now") }
                let pending = PendingResponse()
                self.handedOut.withLock { $0.append(pending) }
                self.created.signal()
                var placeholder = HTTPResponse(pending: pending)
                placeholder.headers.add(name: "X-Request-Id", value: "r1")
                placeholder.headers.add(name: "X-Kind", value: "placeholder")
                return placeholder
            }
        }

        /// The `index`th pending response, once the handler has made it (up to 5 s).
        func take(_ index: Int) -> PendingResponse? {
            let deadline = DispatchTime.now() + .seconds(5)
            while DispatchTime.now() < deadline {
                if let response = handedOut.withLock({ $0.count > index ? $0[index] : nil }) { return response }
                _ = created.wait(timeout: .now() + .milliseconds(10))
            }
            return nil
        }
    }

    @Test("a response completed later from another thread arrives whole, with its status and length")
    func completedLater() throws {
        let pending = Pending()
        try withTestServer(handler: pending.handler()) { _, port in
            let client = try TestClient(port: port)
            try client.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try #require(pending.take(0))
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                response.complete(HTTPResponse(status: 201, headers: ["X-Kind": "late"], body: Array("done".utf8)))
            }
            let answer = try client.readResponse()
            #expect(answer.status == 201)
            #expect(answer.header("X-Kind") == "late")
            #expect(answer.header("X-Request-Id") == "r1")
            #expect(answer.header("Content-Length") == "4")
            #expect(answer.text == "done")
            // The connection stays usable for the next request.
            try client.send("GET /now HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "now")
        }
    }

    @Test("a response completed before the handler returns is sent at once")
    func completedEarly() throws {
        try withTestServer(handler: { _ in
            let pending = PendingResponse()
            pending.complete(HTTPResponse(status: 200, text: "early"))
            pending.complete(HTTPResponse(status: 500, text: "ignored"))
            return HTTPResponse(pending: pending)
        }) { _, port in
            let answer = try TestClient(port: port).request("GET", "/")
            #expect(answer.status == 200)
            #expect(answer.text == "early")
        }
    }

    @Test("waiting responses hold no pool thread: a one-thread server answers others meanwhile")
    func waitingHoldsNoThread() throws {
        let pending = Pending()
        try withTestServer(configure: { $0.threadCount = 1 }, handler: pending.handler()) { _, port in
            var waiting: [TestClient] = []
            for _ in 0..<5 {
                let client = try TestClient(port: port)
                try client.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
                waiting.append(client)
            }
            let responses = try (0..<5).map { try #require(pending.take($0)) }
            #expect(try TestClient(port: port).request("GET", "/now").text == "now")
            for (index, response) in responses.enumerated().reversed() {
                response.complete(HTTPResponse(status: 200, text: "answer \(index)"))
            }
            for (index, client) in waiting.enumerated() {
                #expect(try client.readResponse().text == "answer \(index)")
            }
        }
    }

    @Test("a pending response completed with a stream becomes a 500")
    func streamRefused() throws {
        try withTestServer(handler: { _ in
            let pending = PendingResponse()
            pending.complete(HTTPResponse(stream: HTTPStream()))
            return HTTPResponse(pending: pending)
        }) { _, port in
            let answer = try TestClient(port: port).request("GET", "/")
            #expect(answer.status == 500)
        }
    }

    /// A started server with one request to `/later` waiting on `client`.
    private func serverWithOneWaiting(grace: Duration) throws
        -> (server: HTTPServer, client: TestClient, response: PendingResponse)
    {
        let pending = Pending()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = grace
        let server = HTTPServer(handler: ClosureHTTPHandler(pending.handler()), configuration: configuration)
        let client = try TestClient(port: try server.start())
        try client.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
        guard let response = pending.take(0) else {
            server.stop()
            throw PendingNeverCame()
        }
        return (server, client, response)
    }

    private struct PendingNeverCame: Error {}

    @Test("stopping the server waits for a response still pending")
    func stopWaits() throws {
        let (server, client, response) = try serverWithOneWaiting(grace: .seconds(5))
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.stop()
            stopped.signal()
        }
        #expect(stopped.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        response.complete(HTTPResponse(status: 200, text: "last"))
        #expect(try client.readResponse().text == "last")
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }

    @Test("a response still pending when the grace period ends is answered 503, and the server stops")
    func stopAbandons() throws {
        let (server, client, response) = try serverWithOneWaiting(grace: .milliseconds(100))
        server.stop()
        #expect(try client.readResponse().status == 503)
        response.complete(HTTPResponse(status: 200, text: "too late"))
    }
}
