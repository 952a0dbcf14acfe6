import Foundation
import Glibc
import HTTPServer
import KitchenTestSupport
import Testing

/// The server's limits under the attacks they exist for: a client that trickles its
/// request, a thousand idle connections, and a body far over the limit.
@Suite("HTTPServer under attack", .serialized)
struct HTTPServerAttackTests {
    @Test("a client sending one byte a second is cut off by the timeout")
    func slowClient() throws {
        try withTestServer(configure: { $0.connectionTimeout = .seconds(2) }) { _, port in
            let client = try TestClient(port: port, timeoutSeconds: 1)
            let request = Array("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: \(String(repeating: "s", count: 40))\r\n\r\n".utf8)
            let start = ContinuousClock.now
            var cutOff = false
            // The attack itself is timed: one byte, then up to a second (the socket's read
            // deadline) for the server to close. Bounded at eight seconds.
            for byte in request where ContinuousClock.now - start < .seconds(8) {
                if (try? client.send([byte])) == nil || client.waitForClose() {
                    cutOff = true
                    break
                }
            }
            #expect(cutOff, "the whole request trickled in without being cut off")
            #expect(ContinuousClock.now - start < .seconds(8))
        }
    }

    @Test("1,000 idle connections do not stop another client being served")
    func idleConnections() throws {
        try raiseOpenFileLimit(to: 4096)
        try withTestServer(configure: {
            $0.maxConnections = 1200
            $0.maxConnectionsPerAddress = 1200
        }) { _, port in
            var idle: [TestClient] = []
            for index in 0..<1000 {
                let client = try TestClient(port: port, timeoutSeconds: 5)
                // Half say nothing; half stall in the middle of a request head.
                if index.isMultiple(of: 2) { try client.send("GET / HTTP/1.1\r\nHost: x\r\n") }
                idle.append(client)
            }
            let response = try TestClient(port: port, timeoutSeconds: 5).request("GET", "/served")
            #expect(response.status == 200)
            #expect(response.text.contains("path=/served"))
            #expect(idle.count == 1000)
        }
    }

    @Test("a body over the limit gets 413 while it is still being sent")
    func oversizeBodyMidway() throws {
        try withTestServer(configure: { $0.maxBodySize = 64 * 1024 }) { _, port in
            let client = try TestClient(port: port, timeoutSeconds: 5)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n")
            // A first slice of the 50 MB body; the rest never comes.
            try? client.send([UInt8](repeating: UInt8(ascii: "a"), count: 128 * 1024))
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.waitForClose())
        }
    }
}

/// Raises this process's soft limit on open files, up to the hard limit.
private func raiseOpenFileLimit(to wanted: rlim_t) throws {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
