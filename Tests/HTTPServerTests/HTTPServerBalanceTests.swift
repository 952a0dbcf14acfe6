import Glibc
import KitchenTestSupport
import Synchronization
import Testing
import HTTPServer

@Suite("HTTPServer connection balance")
struct HTTPServerBalanceTests {
    @Test("connections opened together are shared evenly by the pool threads")
    func burstIsShared() throws {
        // Which pool thread answered, by the request's path (one path per connection).
        let threads = Mutex<[String: UInt]>([:])
        try withTestServer(configure: { $0.threadCount = 2 }, handler: { request in
            let thread = UInt(pthread_self())
            threads.withLock { $0[request.path] = thread }
            return HTTPResponse(text: "ok")
        }) { _, port in
            let count = 16
            // All connect before any sends, as a load generator's connections do.
            let clients = try (0..<count).map { _ in try TestClient(port: port) }
            for (index, client) in clients.enumerated() {
                #expect(try client.request("GET", "/\(index)").status == 200)
            }
            let perThread = Dictionary(grouping: threads.withLock { $0.values }, by: { $0 }).mapValues(\.count)
            #expect(perThread.count == 2)
            // Descriptors taken meanwhile by other tests in this process may shift a few.
            #expect(perThread.values.allSatisfy { (count / 2 - 3)...(count / 2 + 3) ~= $0 }, "\(perThread)")
        }
    }
}
