import Dispatch
import Foundation
import HTTPServer
import KitchenTestSupport
import Synchronization
import Testing

@Suite("HTTPServer streamed responses")
struct HTTPStreamTests {
    /// Hands the handler's streams to the test.
    final class Streams: Sendable {
        let opened = Mutex<[HTTPStream]>([])
        func handler() -> @Sendable (HTTPRequest) -> HTTPResponse {
            { _ in
                let stream = HTTPStream()
                self.opened.withLock { $0.append(stream) }
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream)
            }
        }
        /// Waits (by polling the socket reads of the caller) until `count` streams exist.
        func stream(_ index: Int) -> HTTPStream? { opened.withLock { $0.count > index ? $0[index] : nil } }
    }

    @Test("bytes sent after the response is queued reach the client, and finish ends it")
    func sendAndFinish() throws {
        let streams = Streams()
        try withTestServer(handler: streams.handler()) { _, port in
            let client = try StreamClient(port: port)
            #expect(try client.open("GET", "/events") == 200)
            #expect(client.header("Content-Type") == "text/event-stream")
            let stream = try #require(streams.stream(0))
            stream.send(Array("event: next\ndata: 1\n\n".utf8))
            #expect(try client.next() == .init(name: "next", data: "1", comment: nil))
            stream.send(Array("event: next\ndata: 2\n\n".utf8))
            stream.finish()
            #expect(try client.next().data == "2")
            #expect(client.waitForEnd())
        }
    }

    @Test("idle streams do not hold pool threads: more streams than threads, and plain requests still answer")
    func idleStreamsDoNotStarveThePool() throws {
        let streams = Streams()
        try withTestServer(configure: { $0.threadCount = 2 }, handler: streams.handler()) { _, port in
            var clients: [StreamClient] = []
            for _ in 0..<6 {
                let client = try StreamClient(port: port)
                #expect(try client.open("GET", "/events") == 200)
                clients.append(client)
            }
            let plain = try StreamClient(port: port)
            #expect(try plain.open("GET", "/events") == 200)
            for index in 0..<7 { streams.stream(index)?.send(Array("data: \(index)\n\n".utf8)) }
            for (index, client) in clients.enumerated() {
                #expect(try client.next().data == "\(index)")
            }
        }
    }

    @Test("a client that goes away closes its stream and runs its close handlers")
    func clientGoesAway() throws {
        let streams = Streams()
        let closed = DispatchSemaphore(value: 0)
        try withTestServer(handler: streams.handler()) { _, port in
            let client = try StreamClient(port: port)
            #expect(try client.open("GET", "/events") == 200)
            let stream = try #require(streams.stream(0))
            stream.onClose { closed.signal() }
            client.disconnect()
            // The server learns of the close on its next write; keep writing until it does.
            var writes = 0
            while stream.send(Array(": ping\n\n".utf8)), writes < 100_000 { writes += 1 }
            #expect(stream.isClosed)
            #expect(closed.wait(timeout: .now() + 5) == .success)
        }
    }

    @Test("a client that hangs up on an idle stream closes it at once, with nothing written")
    func hangUpOnIdleStream() throws {
        let streams = Streams()
        let closed = DispatchSemaphore(value: 0)
        try withTestServer(handler: streams.handler()) { _, port in
            for index in 0..<3 {
                let client = try StreamClient(port: port)
                #expect(try client.open("GET", "/events") == 200)
                let stream = try #require(streams.stream(index))
                stream.onClose { closed.signal() }
                client.disconnect()
                // No write follows: only the watch on the suspended socket can notice.
                #expect(closed.wait(timeout: .now() + 3) == .success)
                #expect(stream.isClosed)
            }
            // The server goes on serving streams.
            let client = try StreamClient(port: port)
            #expect(try client.open("GET", "/events") == 200)
            streams.stream(3)?.send(Array("data: on\n\n".utf8))
            #expect(try client.next().data == "on")
        }
    }

    @Test("stopping the server ends open streams")
    func stopEndsStreams() throws {
        let streams = Streams()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(5)
        let server = HTTPServer(handler: ClosureHTTPHandler(streams.handler()), configuration: configuration)
        let port = try server.start()
        let client = try StreamClient(port: port)
        #expect(try client.open("GET", "/events") == 200)
        server.stop()
        #expect(client.waitForEnd())
        #expect(streams.stream(0)?.isClosed == true)
    }
}
