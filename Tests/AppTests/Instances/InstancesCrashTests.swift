import Foundation
import Glibc
import KitchenTestSupport
import Synchronization
import Testing

@testable import App

/// Acknowledged writes survive `kill -9` of a Kitchen instance and of PostgreSQL itself:
/// a commit is acknowledged only after PostgreSQL has it on disk (`synchronous_commit`).
/// Buyers place orders without pause while the process dies; every order a buyer was
/// answered with is there after the restart.
@Suite("Acknowledged orders survive kill -9", .serialized, .enabled(if: TestServer.onPostgres, "needs PostgreSQL"))
struct InstancesCrashTests {
    /// Buyers placing orders through `port` until `stop`, keeping the ids they were answered.
    final class OrderLoad: @unchecked Sendable {
        let acknowledged = Mutex<[Int: [String]]>([:])
        let failures = Atomic<Int>(0)
        private let stopped = Atomic<Bool>(false)
        private let finished = DispatchGroup()

        init(buyers: [Buyer], goods: String, port: UInt16) {
            for (index, buyer) in buyers.enumerated() {
                finished.enter()
                let thread = Thread { [self] in
                    var number = 0
                    while !stopped.load(ordering: .acquiring) {
                        number += 1
                        let client = GraphQLClient(port: port, token: buyer.client.token)
                        let response = try? client.post(
                            CommerceDocuments.placeOrder,
                            ["input": ["addressId": .string(buyer.addressID ?? ""),
                                       "idempotencyKey": .string("crash-\(index)-\(number)-key"),
                                       "buyNow": ["goodsId": .string(goods)]]])
                        if let response, response.status == 200, response.errors.isEmpty,
                            let id = response.data["placeOrder"]["id"].string
                        {
                            acknowledged.withLock { $0[index, default: []].append(id) }
                        } else {
                            failures.add(1, ordering: .relaxed)
                            Thread.sleep(forTimeInterval: 0.05)
                        }
                    }
                    finished.leave()
                }
                thread.start()
            }
        }

        var count: Int { acknowledged.withLock { $0.values.reduce(0) { $0 + $1.count } } }

        /// Waits until `more` orders beyond those answered now have been answered.
        func waitFor(more: Int) -> Bool {
            let target = count + more
            return StreamBehaviourTests.eventually(within: 60) { self.count >= target }
        }

        func stop() {
            stopped.store(true, ordering: .releasing)
            finished.wait()
        }
    }

    /// Whether every order `load` was answered with is among its buyer's orders, asked
    /// through `port` (retrying while a restarted server's first requests still fail).
    static func allThere(_ load: OrderLoad, buyers: [Buyer], port: UInt16) throws -> Bool {
        for (index, ids) in load.acknowledged.withLock({ $0 }) {
            let client = GraphQLClient(port: port, token: buyers[index].client.token)
            var stored: Set<String> = []
            #expect(StreamBehaviourTests.eventually(within: 30) {
                guard let data = try? client.post("{ orders(first: 100) { nodes { id } } }").ok() else { return false }
                stored = Set(data["orders"]["nodes"].array.compactMap { $0["id"].string })
                return true
            })
            guard Set(ids).isSubset(of: stored) else {
                Issue.record("buyer \(index): \(Set(ids).subtracting(stored).count) acknowledged orders missing")
                return false
            }
        }
        return true
    }

    static func healthy(_ port: UInt16) -> Bool {
        StreamBehaviourTests.eventually(within: 60) {
            (try? TestClient(port: port).request("GET", "/healthz").status) == 200
        }
    }

    @Test("kill -9 of PostgreSQL under a load of orders: after its restart every acknowledged order is there")
    func postgresKilled() throws {
        let cluster = try ThrowawayCluster()
        defer { cluster.remove() }
        let world = try CommerceWorld.start(database: cluster.url)
        defer { world.stop() }
        let buyers = try world.accounts(4, withAddress: true)
        let port = world.server.server.port
        let load = OrderLoad(buyers: buyers, goods: world.catalog.goodsID("bulk"), port: port)
        #expect(load.waitFor(more: 20))
        try cluster.kill9()
        try cluster.start()
        #expect(Self.healthy(port))
        #expect(load.waitFor(more: 20), "orders are taken again after the restart")
        load.stop()
        #expect(try Self.allThere(load, buyers: buyers, port: port))
    }

    @Test("kill -9 of a Kitchen instance under a load of orders: every acknowledged order is there, on the restarted one and another")
    func kitchenKilled() throws {
        let binary = try #require(FaultScriptTests.kitchenBinary, "build kitchen first (swift build)")
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyers = try world.accounts(4, withAddress: true)
        let port = try freeLoopbackPort()
        func launch() throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [
                "serve", "--host", "127.0.0.1", "--port", "\(port)", "--db", world.server.location, "--no-demo",
                "--db-pool", "4", "--schema", TestServer.schemaPath,
                "--media", world.server.directory.appendingPathComponent("media").path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        var kitchen = try launch()
        defer {
            if kitchen.isRunning {
                kill(kitchen.processIdentifier, SIGKILL)
                kitchen.waitUntilExit()
            }
        }
        #expect(Self.healthy(port))
        let load = OrderLoad(buyers: buyers, goods: world.catalog.goodsID("bulk"), port: port)
        #expect(load.waitFor(more: 20))
        kill(kitchen.processIdentifier, SIGKILL)
        kitchen.waitUntilExit()
        kitchen = try launch()
        #expect(Self.healthy(port))
        #expect(load.waitFor(more: 20), "orders are taken again after the restart")
        load.stop()
        #expect(try Self.allThere(load, buyers: buyers, port: port))
        #expect(try Self.allThere(load, buyers: buyers, port: world.server.server.port))
    }
}
