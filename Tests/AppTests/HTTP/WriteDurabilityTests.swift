import Dispatch
import Foundation
import KitchenTestSupport
import Synchronization
import Testing

@testable import App

/// Stands in for the database's flusher: every mutation "commits" ticket 1, and the test
/// says when (and whether) it reaches the disk.
final class FakeDisk: Sendable {
    let runs = Mutex(0)
    let waiting = Mutex<[@Sendable (Bool) -> Void]>([])

    var durability: WriteDurability {
        WriteDurability(
            run: { respond in
                self.runs.withLock { $0 += 1 }
                return (respond(), 1)
            },
            whenDurable: { _, done in self.waiting.withLock { $0.append(done) } })
    }

    /// Answers every waiter, once one is waiting (up to 5 s); false if none came.
    func flush(durable: Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let done = waiting.withLock { waiting in
                defer { waiting = [] }
                return waiting
            }
            if !done.isEmpty {
                for callback in done { callback(durable) }
                return true
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }
}

@Suite("A mutation's answer waits for its writes to reach the disk")
struct WriteDurabilityTests {
    static let bump = #"{"query":"mutation { bump }"}"#
    static let headers = ["Content-Type: application/json", "Accept: application/graphql-response+json"]

    @Test("the answer is held until the flush, then sent whole")
    func heldUntilDurable() throws {
        let disk = FakeDisk()
        let server = try TinyGraphQLServer(writeDurability: disk.durability)
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeoutSeconds: 1)
        try client.send(
            "POST /graphql HTTP/1.1\r\nHost: x\r\n" + Self.headers.joined(separator: "\r\n")
                + "\r\nContent-Length: \(Self.bump.utf8.count)\r\n\r\n" + Self.bump)
        let other = try TestClient(port: server.port).request("GET", "/healthz")
        #expect(other.status == 200)
        // Nothing comes for a second: the answer waits for the flush.
        #expect(throws: (any Error).self) { try client.readResponse() }
        #expect(disk.flush(durable: true))
        let late = try client.readResponse()
        #expect(late.status == 200)
        #expect(late.text == #"{"data":{"bump":1}}"#)
    }

    @Test("a failed flush answers 500 INTERNAL with no data")
    func failedFlush() throws {
        let disk = FakeDisk()
        let server = try TinyGraphQLServer(writeDurability: disk.durability)
        defer { server.stop() }
        let posting = DispatchSemaphore(value: 0)
        let answer = Mutex<TestClient.Response?>(nil)
        Thread {
            answer.withLock {
                $0 = try? TestClient(port: server.port).request(
                    "POST", "/graphql", headers: Self.headers, body: Array(Self.bump.utf8))
            }
            posting.signal()
        }.start()
        #expect(disk.flush(durable: false))
        #expect(posting.wait(timeout: .now() + 5) == .success)
        let response = try #require(answer.withLock { $0 })
        #expect(response.status == 500)
        #expect(!response.text.contains("\"data\""))
        #expect(response.text.contains(#""code":"INTERNAL""#))
    }

    @Test("queries are answered at once, without the durability wait")
    func queriesAnswerAtOnce() throws {
        let disk = FakeDisk()
        let server = try TinyGraphQLServer(writeDurability: disk.durability)
        defer { server.stop() }
        let response = try TestClient(port: server.port).request(
            "POST", "/graphql", headers: Self.headers, body: Array(#"{"query":"{ count }"}"#.utf8))
        #expect(response.status == 200)
        #expect(disk.runs.withLock { $0 } == 0)
    }
}
