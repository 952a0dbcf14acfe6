import Foundation
import KitchenTestSupport
import Synchronization
import Testing

/// Runs `body(index)` on `count` threads of their own, released together, and returns each
/// one's result in index order once all have finished.
func inParallel<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
    let results = Mutex([Result<T, any Error>?](repeating: nil, count: count))
    let ready = DispatchGroup()
    let finished = DispatchGroup()
    let gate = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        finished.enter()
        let thread = Thread {
            ready.leave()
            gate.wait()
            let result = Result { try body(index) }
            results.withLock { $0[index] = result }
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { gate.signal() }
    finished.wait()
    return results.withLock { $0.map { $0! } }
}

@Suite("Real parallel clients over HTTP")
struct ConcurrencyTests {
    @Test("16 clients adding one unit 50 times each to one cart line end with exactly 800")
    func concurrentAdds() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let goods = world.catalog.goodsID("bulk")
        let results = inParallel(16) { _ in
            for _ in 0..<50 {
                let response = try buyer.client.post(
                    "mutation($g: ID!) { addToCart(goodsId: $g) { totalQuantity } }", ["g": .string(goods)])
                _ = try response.ok()
            }
        }
        for result in results { try result.get() }
        let items = try buyer.client.cartItems()
        #expect(items.count == 1)
        #expect(items.first?["quantity"].int == 800)
    }

    @Test("every answered mutation is durable: /metrics shows a flush covering every commit made")
    func answeredWritesAreFlushed() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyers = try world.accounts(8)
        let goods = world.catalog.goodsID("bulk")
        let results = inParallel(8) { index in
            for _ in 0..<10 {
                _ = try buyers[index].client.post(
                    "mutation($g: ID!) { addToCart(goodsId: $g) { totalQuantity } }", ["g": .string(goods)]
                ).ok()
            }
        }
        for result in results { try result.get() }
        let scrape = try TestClient(port: world.server.server.port).request("GET", "/metrics").text
        func sample(_ series: String) -> Double? {
            scrape.split(separator: "\n").first { $0.hasPrefix(series + " ") }
                .flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let commits = try #require(sample("kitchen_database_commits"))
        let flushes = try #require(sample("kitchen_database_flushes"))
        #expect(commits >= 80)
        #expect(flushes >= 1)
        #expect(flushes <= commits)
    }

    @Test("50 buyers racing for the last 10 units: exactly 10 are sold and stock ends at 0, never below")
    func lastUnits() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyers = try world.accounts(50, withAddress: true)
        let goods = world.catalog.goodsID("contested")
        let results = inParallel(50) { index in
            let buyer = buyers[index]
            return try buyer.client.post(
                CommerceDocuments.placeOrder,
                ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": .string("race-\(index)-key"),
                           "buyNow": ["goodsId": .string(goods)]]])
        }
        let responses = try results.map { try $0.get() }
        let sold = responses.filter { $0.errors.isEmpty && $0.data["placeOrder"]["id"].string != nil }
        let refused = responses.filter { $0.errorCode == "INSUFFICIENT_STOCK" }
        #expect(sold.count == 10)
        #expect(refused.count == 40)
        #expect(try world.stock("contested-1") == 0)
        let sales = try world.anonymous.post(
            "query($g: ID!) { goods(id: $g) { salesCount kinds { stock } } }", ["g": .string(goods)]
        ).ok()["goods"]
        #expect(sales["salesCount"].int == 10)
        #expect(sales["kinds"][0]["stock"].int == 0)
    }

    @Test("one idempotency key sent 20 times at once makes exactly one order")
    func idempotentBurst() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account(withAddress: true)
        try buyer.client.addToCart(world.catalog.goodsID("wok"))
        let results = inParallel(20) { _ in
            try buyer.client.post(
                CommerceDocuments.placeOrder,
                ["input": ["addressId": .string(buyer.addressID ?? ""), "idempotencyKey": "burst-key-0001"]]
            ).ok()["placeOrder"]["id"]
        }
        let ids = Set(try results.map { try $0.get() })
        #expect(ids.count == 1)
        #expect(ids.first?.string != nil)
        #expect(try buyer.client.post(CommerceDocuments.orders()).ok()["orders"]["totalCount"].int == 1)
        #expect(try world.stock("wok-32cm") == 2)
        #expect(try buyer.client.cartItems().isEmpty)
    }
}
