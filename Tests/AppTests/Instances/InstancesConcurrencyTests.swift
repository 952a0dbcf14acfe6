import Foundation
import Testing

@testable import App

/// Real clients racing through two instances on one database: the row locks and the stock
/// condition hold across processes as within one.
@Suite("Buying through two instances at once", TwoInstances.enabled)
struct InstancesConcurrencyTests {
    @Test("50 buyers split over A and B racing for the last 10 units: exactly 10 are sold, stock ends at 0")
    func lastUnits() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let buyers = try pair.world.accounts(50, withAddress: true)
        let clients = pair.split(buyers.map(\.client))
        let goods = pair.catalog.goodsID("contested")
        let results = inParallel(50) { index in
            try clients[index].post(
                CommerceDocuments.placeOrder,
                ["input": ["addressId": .string(buyers[index].addressID ?? ""), "idempotencyKey": .string("split-\(index)-key"),
                           "buyNow": ["goodsId": .string(goods)]]])
        }
        let responses = try results.map { try $0.get() }
        let sold = responses.indices.filter { responses[$0].errors.isEmpty && responses[$0].data["placeOrder"]["id"].string != nil }
        let refused = responses.filter { $0.errorCode == "INSUFFICIENT_STOCK" }
        #expect(sold.count == 10)
        #expect(refused.count == 40)
        #expect(try pair.world.stock("contested-1") == 0)
        for through in [pair.a.anonymous, pair.b.anonymous] {
            let sales = try through.post(
                "query($g: ID!) { goods(id: $g) { salesCount kinds { stock } } }", ["g": .string(goods)]
            ).ok()["goods"]
            #expect(sales["salesCount"].int == 10)
            #expect(sales["kinds"][0]["stock"].int == 0)
        }
    }

    @Test("16 clients, each through A or B, adding one unit 50 times to one cart line end with exactly 800")
    func concurrentAdds() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let buyer = try pair.world.account()
        let clients = pair.split(Array(repeating: buyer.client, count: 16))
        let goods = pair.catalog.goodsID("bulk")
        let results = inParallel(16) { index in
            for _ in 0..<50 {
                _ = try clients[index].post(
                    "mutation($g: ID!) { addToCart(goodsId: $g) { totalQuantity } }", ["g": .string(goods)]
                ).ok()
            }
        }
        for result in results { try result.get() }
        for client in [buyer.client, pair.onB(buyer.client)] {
            let items = try client.cartItems()
            #expect(items.count == 1)
            #expect(items.first?["quantity"].int == 800)
        }
    }
}
