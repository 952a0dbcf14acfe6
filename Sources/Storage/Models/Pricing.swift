/// The money rules of the cart, previews and orders, as pure functions over cents.
public enum Pricing {
    /// Groups lines by shop in order of first appearance and prices each group.
    ///
    /// Per shop: the subtotal is Σ unit price × quantity; the discount is Σ (original price −
    /// unit price) × quantity where positive; the shipping fee is charged once per shop and
    /// waived when the subtotal reaches the shop's free-shipping threshold. A shop missing
    /// from `shops` is charged no shipping.
    public static func groups(_ lines: [OrderLine], shops: [Int64: Shop]) -> [OrderShopGroup] {
        var order: [Int64] = []
        var byShop: [Int64: [OrderLine]] = [:]
        for line in lines {
            if byShop[line.shopID] == nil { order.append(line.shopID) }
            byShop[line.shopID, default: []].append(line)
        }
        return order.map { shopID in
            let shopLines = byShop[shopID] ?? []
            let subtotal = shopLines.reduce(0) { $0 + $1.lineTotal }
            let discount = shopLines.reduce(0) { $0 + $1.discount }
            let fee = shops[shopID].map { shippingFee(subtotal: subtotal, shop: $0) } ?? 0
            return OrderShopGroup(
                shopID: shopID, lines: shopLines, subtotal: subtotal, discount: discount,
                shippingFee: fee)
        }
    }

    /// A shop's shipping fee for a subtotal: free from the threshold on, when there is one.
    public static func shippingFee(subtotal: Int, shop: Shop) -> Int {
        if let threshold = shop.freeShippingThreshold, subtotal >= threshold { return 0 }
        return shop.shippingFee
    }

    /// Formats cents as a decimal string with two places: 21910 → `"219.10"`, -5 → `"-0.05"`.
    public static func amount(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
