import Glibc
import KitchenTestSupport
import Synchronization
import Testing
import HTTPServer

@Suite("HTTPServer connection balance")
struct HTTPServerBalanceTests {
    /// Which pool thread answered each request, by the request's path.
    final class Answers: Sendable {
        let threads = Mutex<[String: UInt]>([:])

        func handler(_ request: HTTPRequest) -> HTTPResponse {
            let thread = UInt(pthread_self())
            threads.withLock { $0[request.path] = thread }
            return HTTPResponse(text: "ok")
        }

        /// How many of `paths` each thread answered.
        func perThread(_ paths: [String]) -> [UInt: Int] {
            let threads = threads.withLock { $0 }
            return Dictionary(grouping: paths.compactMap { threads[$0] }, by: { $0 }).mapValues(\.count)
        }
    }

    @Test("connections opened together are shared evenly by the pool threads, and new ones go to the thread with fewest")
    func burstIsShared() throws {
        let answers = Answers()
        try withTestServer(configure: { $0.threadCount = 2 }, handler: answers.handler) { server, port in
            // All connect before any sends, as a load generator's connections do.
            var clients = try (0..<16).map { _ in try TestClient(port: port) }
            let paths = (0..<16).map { "/\($0)" }
            for (client, path) in zip(clients, paths) {
                #expect(try client.request("GET", path).status == 200)
            }
            let shares = answers.perThread(paths)
            #expect(shares.values.sorted() == [8, 8], "\(shares)")

            // Close every connection of one thread: the next four all go to it.
            let emptied = try #require(shares.keys.first)
            let answeredBy = answers.threads.withLock { $0 }
            var open = zip(clients, paths).filter { answeredBy[$0.1] != emptied }.map(\.0)
            #expect(open.count == 8)
            clients.removeAll()  // the other eight close
            let deadline = ContinuousClock.now + .seconds(5)
            // Until the placement counts see the closes too: they are reported a moment
            // after libmicrohttpd's own count drops.
            while server.openConnections > 8 || server.connectionsPerThread.sorted() != [0, 8],
                ContinuousClock.now < deadline
            {
                usleep(10_000)
            }
            let later = (16..<20).map { "/\($0)" }
            for path in later {
                let client = try TestClient(port: port)
                #expect(try client.request("GET", path).status == 200)
                open.append(client)
            }
            #expect(answers.perThread(later) == [emptied: 4])
        }
    }
}
