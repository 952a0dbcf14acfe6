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
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(cents < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Money", parent: Money.self) { money in
            money.property("cents") { $0.cents }
            money.property("amount") { $0.amount }
            money.property("currency") { _ in "CNY" }
        }
    }
}
