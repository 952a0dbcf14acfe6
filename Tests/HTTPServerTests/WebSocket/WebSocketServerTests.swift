import Foundation
import KitchenTestSupport
import Synchronization
import Testing
@testable import HTTPServer

/// The WebSocket layer on a real server over loopback, driven by a raw client that can
/// send anything RFC 6455 forbids.
@Suite("WebSocket over loopback")
struct WebSocketServerTests {
    typealias Client = WebSocketTestClient

    @Test("the handshake switches protocols and a text message comes back")
    func echo() throws {
        try withEchoServer { _, port, _ in
            let client = try Client(port: port, subprotocols: ["echo"])
            #expect(client.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            #expect(client.header("Sec-WebSocket-Protocol") == "echo")
            try client.send(text: "héllo")
            let frame = try client.readFrame()
            #expect(frame == .init(isFinal: true, opcode: Client.text, masked: false, payload: Array("héllo".utf8)))
        }
    }

    @Test("a handshake with a wrong version is refused over HTTP, and the server goes on")
    func refusedHandshake() throws {
        try withEchoServer { _, port, _ in
            let client = try Client(connectingTo: port)
            try client.handshake(headers: ["Sec-WebSocket-Version: 8"])  // sent twice: 13 and 8
            #expect(client.status == 426)
            #expect(try TestClient(port: port).request("GET", "/plain").status == 200)
        }
    }

    @Test("frames sent in the same write as the handshake are read")
    func bytesAfterTheHandshake() throws {
        try withEchoServer { _, port, _ in
            let client = try Client(port: port, sendingWithHandshake: Client.frame(opcode: Client.text, payload: Array("early".utf8)))
            #expect(try client.readFrame().text == "early")
        }
    }

    @Test("a message in fragments, sent a byte at a time with a Ping between, arrives whole")
    func fragmentsByteByByte() throws {
        try withEchoServer { _, port, _ in
            let client = try Client(port: port)
            let bytes = Client.frame(opcode: Client.text, payload: Array("frag".utf8), isFinal: false)
                + Client.frame(opcode: Client.ping, payload: Array("p".utf8))
                + Client.frame(opcode: Client.continuation, payload: Array("mented".utf8))
            for byte in bytes { try client.send([byte]) }
            #expect(try client.readFrame() == .init(isFinal: true, opcode: Client.pong, masked: false, payload: Array("p".utf8)))
            #expect(try client.readFrame().text == "fragmented")
        }
    }

    @Test(
        "a frame that breaks RFC 6455 closes that socket with its code, and another socket goes on",
        arguments: [
            ("unmasked", Client.frame(opcode: 0x1, payload: Array("x".utf8), masked: false), 1002),
            ("unknown opcode", Client.frame(opcode: 0x5, payload: []), 1002),
            ("fragmented control", Client.frame(opcode: 0x9, payload: [], isFinal: false), 1002),
            ("reserved bits", Client.frame(opcode: 0x1, payload: [], rsv: 1), 1002),
            ("invalid UTF-8", Client.frame(opcode: 0x1, payload: [0x61, 0xC0, 0xAF]), 1007),
            ("10 MB frame", Client.header(opcode: 0x2, length: 10_000_000), 1009),
        ] as [(String, [UInt8], UInt16)])
    func violationCloses(_ name: String, _ bytes: [UInt8], _ code: UInt16) throws {
        try withEchoServer { _, port, log in
            let bystander = try Client(port: port)
            let client = try Client(port: port)
            try client.send(bytes)
            let close = try client.readFrame()
            #expect(close.opcode == Client.close, "\(name)")
            #expect(close.closeCode == code, "\(name)")
            #expect(client.waitForEndOfStream(), "\(name): the server drops the connection")
            try bystander.send(text: "still here")
            #expect(try bystander.readFrame().text == "still here")
            #expect(log.waitFor(startingWith: "closed \(code)"), "\(name)")
        }
    }

    @Test("a 10 MB frame sent whole is refused with 1009 while it is still arriving")
    func tenMegabyteFrame() throws {
        try withEchoServer { _, port, _ in
            let client = try Client(port: port)
            // The server closes while the payload is still being written.
            try? client.send(Client.frame(opcode: 0x2, payload: [UInt8](repeating: 7, count: 10_000_000)))
            #expect(try client.readFrame().closeCode == 1009)
        }
    }

    @Test("binary messages reach the handler as binary")
    func binary() throws {
        try withEchoServer { _, port, log in
            let client = try Client(port: port)
            try client.send(opcode: Client.binary, payload: [0, 0xFF])
            #expect(log.waitFor(startingWith: "binary 2"))
        }
    }

    @Test("a client's Close is answered with its code, then the server drops the connection")
    func clientClose() throws {
        try withEchoServer { _, port, log in
            let client = try Client(port: port)
            try client.sendClose(code: 1000, reason: "bye")
            let answer = try client.readFrame()
            #expect(answer.opcode == Client.close)
            #expect(answer.closeCode == 1000)
            #expect(client.waitForEndOfStream())
            #expect(log.waitFor(startingWith: "closed 1000 bye"))
        }
    }

    @Test("a Close without a code is answered with an empty Close, reported as 1005")
    func clientCloseWithoutCode() throws {
        try withEchoServer { _, port, log in
            let client = try Client(port: port)
            try client.sendClose(code: nil)
            #expect(try client.readFrame() == .init(isFinal: true, opcode: Client.close, masked: false, payload: []))
            #expect(log.waitFor(startingWith: "closed 1005"))
        }
    }

    @Test("the server's Close carries its code and reason; the client's answer ends the connection")
    func serverClose() throws {
        try withEchoServer { _, port, log in
            let client = try Client(port: port)
            try client.send(text: "close 4403 Forbidden")
            let close = try client.readFrame()
            #expect(close.closeCode == 4403)
            #expect(close.closeReason == "Forbidden")
            #expect(log.waitFor(startingWith: "closed 4403 Forbidden"))
            try client.sendClose(code: 4403)
            #expect(client.waitForEndOfStream())
        }
    }

    @Test("a client that never answers the server's Close is dropped after the close timeout")
    func unansweredClose() throws {
        try withEchoServer(configure: { $0.webSocket.closeTimeout = .milliseconds(300) }) { _, port, _ in
            let client = try Client(port: port)
            try client.send(text: "close 1000 done")
            #expect(try client.readFrame().closeCode == 1000)
            #expect(client.waitForEndOfStream())
        }
    }

    @Test("a client that goes away without a Close is noticed at once")
    func clientVanishes() throws {
        try withEchoServer { server, port, log in
            var client: Client? = try Client(port: port)
            try client?.send(text: "hi")
            _ = try client?.readFrame()
            #expect(server.openWebSockets == 1)
            client = nil  // closes the socket
            #expect(log.waitFor(seconds: 1, startingWith: "closed 1006"))
            #expect(poll(seconds: 5) { server.openWebSockets == 0 })
        }
    }

    @Test("a quiet client is pinged; one that answers stays, one that does not is closed with 1001")
    func keepAliveAndIdleTimeout() throws {
        try withEchoServer(configure: {
            $0.webSocket.keepAliveInterval = .milliseconds(200)
            $0.webSocket.idleTimeout = .milliseconds(900)
        }) { _, port, log in
            let alive = try Client(port: port)
            let halfOpen = try Client(port: port)
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .milliseconds(1500) {
                let ping = try alive.readFrame()
                #expect(ping.opcode == Client.ping)
                try alive.send(opcode: Client.pong, payload: ping.payload)
            }
            try alive.send(text: "alive")
            #expect(try alive.readSkippingPings().text == "alive")
            #expect(try halfOpen.readFrame().opcode == Client.ping)
            #expect(try halfOpen.readSkippingPings().closeCode == 1001)
            #expect(log.waitFor(startingWith: "closed 1001 idle timeout"))
        }
    }

    @Test("a ping flood is closed with 1008, and another socket goes on")
    func pingFlood() throws {
        try withEchoServer { _, port, _ in
            let bystander = try Client(port: port)
            let client = try Client(port: port)
            let ping = Client.frame(opcode: Client.ping, payload: [1])
            try? client.send(Array([[UInt8]](repeating: ping, count: 5000).joined()))
            var frame = try client.readFrame()
            while frame.opcode == Client.pong { frame = try client.readFrame() }
            #expect(frame.closeCode == 1008)
            try bystander.send(text: "fine")
            #expect(try bystander.readFrame().text == "fine")
        }
    }

    @Test("a client that does not read is closed with 1008 once the queue bound is passed")
    func slowReader() throws {
        try withEchoServer(configure: { $0.webSocket.maxQueuedBytes = 256 * 1024 }) { _, port, log in
            let client = try Client(port: port, receiveBufferBytes: 4096)
            try client.send(text: "flood 100000 1000")  // 100,000 messages of 1000 bytes
            #expect(log.waitFor(startingWith: "closed 1008"))
            #expect(log.waitFor(startingWith: "flood refused after"))
            let refusedAfter = log.lines.first { $0.hasPrefix("flood refused after") }.flatMap { Int($0.split(separator: " ")[3]) }
            #expect((refusedAfter ?? .max) < 10_000, "sends stop once the queue is full, not after every message")
        }
    }

    @Test("stopping the server closes its WebSockets with 1001")
    func serverStop() throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(2)
        let log = EventLog()
        let server = HTTPServer(handler: ClosureHTTPHandler { echoWebSocket($0, log: log) }, configuration: configuration)
        let port = try server.start()
        let client = try Client(port: port)
        // The 101 reaches the client a moment before the loop takes the socket; a socket
        // upgraded once the stop began gets its 1001 without reaching the handler.
        #expect(poll(seconds: 5) { server.openWebSockets == 1 })
        let stopper = Thread { server.stop() }
        stopper.start()
        let close = try client.readFrame()
        #expect(close.closeCode == 1001)
        try client.sendClose(code: 1001)
        #expect(client.waitForEndOfStream())
        #expect(log.waitFor(startingWith: "closed 1001"))
    }

    @Test("fifty sockets are served at once by the one loop")
    func manySockets() throws {
        try withEchoServer { server, port, _ in
            let clients = try (0..<50).map { _ in try Client(port: port) }
            for (index, client) in clients.enumerated() { try client.send(text: "n\(index)") }
            for (index, client) in clients.enumerated() { #expect(try client.readFrame().text == "n\(index)") }
            #expect(server.openWebSockets == 50)
        }
    }

    @Test("the HTTP connection timeout and request deadline do not cut a WebSocket; a closed one is given back")
    func httpTimeoutsDoNotApply() throws {
        try withEchoServer(configure: {
            $0.connectionTimeout = .seconds(1)
            $0.webSocket.keepAliveInterval = .milliseconds(300)
        }) { server, port, _ in
            let client = try Client(port: port)
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .milliseconds(2500) {
                let ping = try client.readFrame()
                try client.send(opcode: Client.pong, payload: ping.payload)
            }
            try client.send(text: "after 2.5 s")
            #expect(try client.readSkippingPings().text == "after 2.5 s")
            try client.sendClose(code: 1000)
            #expect(try client.readSkippingPings().closeCode == 1000)
            #expect(client.waitForEndOfStream())
            #expect(poll(seconds: 5) { server.openConnections == 0 && server.openWebSockets == 0 })
        }
    }
}
