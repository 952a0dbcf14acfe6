import Dispatch
import Foundation
import KitchenTestSupport
import Synchronization
import Testing

@testable import App

/// Batching (`--max-batch`): a POSTed JSON array of operations, answered by an array.
@Suite("Batched requests")
struct BatchedRequestsTests {
    static let headers = ["Content-Type: application/json", "Accept: application/graphql-response+json"]

    static var limits: RequestLimits {
        var limits = RequestLimits.default
        limits.maxBatch = 5
        return limits
    }

    func post(_ server: TinyGraphQLServer, _ body: String) throws -> TestClient.Response {
        try TestClient(port: server.port).request("POST", "/graphql", headers: Self.headers, body: Array(body.utf8))
    }

    @Test("each operation runs in order through the pipeline, and a refused one takes its errors as its entry")
    func inOrder() throws {
        try TinyGraphQLServer.with(limits: Self.limits) { server in
            let response = try post(
                server,
                #"[{"query":"mutation { bump }"},{"query":"{ count }"},{"query":"mutation { b: bump }"},"#
                    + #"{"query":"{ nope }"},{"query":1}]"#)
            #expect(response.status == 200)
            let entries = JSON(data: Data(response.body)).array
            #expect(entries.count == 5)
            #expect(entries[0] == ["data": ["bump": 1]])
            #expect(entries[1] == ["data": ["count": 1]])
            #expect(entries[2] == ["data": ["b": 2]])
            #expect(entries[3]["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED")
            #expect(entries[3]["data"] == .missing)
            #expect(entries[4]["errors"][0]["message"] == #"The "query" parameter must be a string."#)
        }
    }

    @Test("a batch over the limit, or an empty one, is refused whole and runs nothing")
    func refusedWhole() throws {
        try TinyGraphQLServer.with(limits: Self.limits) { server in
            let six = "[" + Array(repeating: #"{"query":"mutation { bump }"}"#, count: 6).joined(separator: ",") + "]"
            let tooMany = try post(server, six)
            #expect(tooMany.status == 400)
            #expect(JSON(data: Data(tooMany.body))["errors"][0]["message"].string
                == RequestPipeline<Void>.batchTooLarge(6, limit: 5))
            #expect(try post(server, "[]").status == 400)
            #expect(server.state.counter.withLock { $0 } == 0)
        }
    }

    @Test("the answer to a batch with mutations waits until their writes are on disk")
    func waitsForDurability() throws {
        let disk = FakeDisk()
        try TinyGraphQLServer.with(limits: Self.limits, writeDurability: disk.durability) { server in
            let answer = Mutex<TestClient.Response?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                answer.withLock { $0 = try? self.post(server, #"[{"query":"mutation { bump }"},{"query":"{ count }"}]"#) }
                done.signal()
            }.start()
            // Nothing is answered before the flush.
            #expect(done.wait(timeout: .now() + 0.5) == .timedOut)
            #expect(disk.flush(durable: true))
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(answer.withLock { $0?.text } == #"[{"data":{"bump":1}},{"data":{"count":1}}]"#)
        }
    }
}
