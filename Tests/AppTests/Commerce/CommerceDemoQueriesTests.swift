import Foundation
import Storage
import Testing

/// The README's commerce queries, run as written against the demo data set.
@Suite("README commerce queries on the demo data")
struct CommerceDemoQueriesTests {
    static let cartScreen = """
        query CartScreen {
          cart {
            allSelected totalQuantity selectedQuantity
            selectedSubtotal { amount }
            shops {
              shop { id name shippingFee { amount } freeShippingThreshold { amount } }
              allSelected
              subtotal { amount }
              items {
                id quantity selected
                unitPrice { amount } lineTotal { amount }
                goods { id name images { url } }
                kind { id name stock originalPrice { amount } }
              }
            }
          }
        }
        """

    static let confirmation = """
        query Confirm($addressId: ID) {
          addresses { id name phone region detail isDefault }
          orderPreview(addressId: $addressId) {
            address { id name phone region detail }
            shops {
              shop { name freeShippingThreshold { cents } shippingFee { cents } }
              lines { goodsName kindName unitPrice { amount } quantity lineTotal { amount } }
              subtotal { cents amount } discount { amount } shippingFee { cents amount } total { cents amount }
            }
            quantity subtotal { cents amount } discount { amount } shippingFee { cents amount } total { cents amount }
          }
        }
        """

    static let lunchMenu = """
        query LunchMenu {
          lunchMenu {
            updatedAt
            sections {
              day title
              items {
                id name soup images { url }
                kinds { id originalPrice { amount } memberPrice { amount } price { amount } }
                viewerCartQuantity
              }
            }
          }
        }
        """

    @Test("alice's cart, order confirmation and lunch menu answer as the README shows")
    func demo() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let alice = try server.signIn("alice", password: DemoData.password)

        let cart = try alice.client.post(Self.cartScreen).ok()["cart"]
        let shops = cart["shops"].array
        #expect(shops.count >= 4)
        #expect(cart["allSelected"].bool == false)
        let lines = shops.flatMap { $0["items"].array }
        #expect(cart["totalQuantity"].int == lines.compactMap { $0["quantity"].int }.reduce(0, +))
        #expect(cart["selectedQuantity"].int == lines.filter { $0["selected"].bool == true }.compactMap { $0["quantity"].int }.reduce(0, +))

        let confirmation = try alice.client.post(Self.confirmation).ok()
        let defaultAddress = confirmation["addresses"][0]
        #expect(defaultAddress["isDefault"].bool == true)
        let preview = confirmation["orderPreview"]
        #expect(preview["address"]["id"] == defaultAddress["id"])
        for group in preview["shops"].array {
            let subtotal = group["subtotal"]["cents"].int ?? -1
            let threshold = group["shop"]["freeShippingThreshold"]["cents"].int
            let fee = (threshold.map { subtotal >= $0 } ?? false) ? 0 : group["shop"]["shippingFee"]["cents"].int
            #expect(group["shippingFee"]["cents"].int == fee, "\(group["shop"])")
            #expect(group["total"]["cents"].int == subtotal + (fee ?? 0))
        }
        let fees = preview["shops"].array.compactMap { $0["shippingFee"]["cents"].int }
        #expect(fees.contains(0), "some shop ships free")
        #expect(fees.contains { $0 > 0 }, "some shop charges shipping")
        #expect(preview["total"]["cents"].int == (preview["subtotal"]["cents"].int ?? 0) + (preview["shippingFee"]["cents"].int ?? 0))

        let menu = try alice.client.post(Self.lunchMenu).ok()["lunchMenu"]
        #expect(menu["sections"].array.map { $0["day"].string ?? "" }
            == ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "WEEKEND"])
        let inCart = menu["sections"].array.flatMap { $0["items"].array }.filter { ($0["viewerCartQuantity"].int ?? 0) > 0 }
        #expect(!inCart.isEmpty, "alice has a lunch dish in her cart")
        let anonymous = try server.anonymous.post(Self.lunchMenu).ok()["lunchMenu"]
        #expect(anonymous["sections"].array.flatMap { $0["items"].array }.allSatisfy { $0["viewerCartQuantity"].int == 0 })
    }
}
