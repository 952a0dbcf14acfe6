import GraphQL

/// `Money`: an exact amount in cents. It becomes a decimal string only in the response.
struct Money: OutputObject, Sendable, Hashable {
    let cents: Int

    init(cents: Int) {
        self.cents = cents
    }

    init(cents: Int64) {
        self.cents = Int(cents)
    }

    /// `"219.10"`, `"-0.05"`: two decimal places, no floating point on the way.
    var amount: String {
        // Written in place from the end: a cart screen shows fifty amounts, and string
        // interpolation cost about a thousand instructions each.
        let magnitude = cents.magnitude  // unsigned, so that Int.min does not overflow
        let fraction = UInt8(magnitude % 100)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            text[23] = UInt8(ascii: "0") &+ fraction % 10
            text[22] = UInt8(ascii: "0") &+ fraction / 10
            text[21] = UInt8(ascii: ".")
            var first = JSONWriter.writeDigits(
                of: magnitude / 100, endingAt: UnsafeMutableBufferPointer(rebasing: text[..<21]))
            if cents < 0 {
                first -= 1
                text[first] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: text[first...]), as: UTF8.self)
        }
    }

    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Money", parent: Money.self) { money in
            money.property("cents") { $0.cents }
            money.property("amount") { $0.amount }
            money.property("currency") { _ in "CNY" }
        }
    }
}
