/// Rules of the cart and orders that do not depend on the store, shared by SQLite's and
/// PostgreSQL's repositories so that both refuse the same things in the same words.
enum CommerceRules {
    /// The kind a buyer means among a goods' `kinds` (in their order): the given one, which
    /// must be among them, or the only kind when none is given (several need a choice).
    static func resolveKind(_ kindID: Int64?, among kinds: [Kind]) throws(DomainError) -> Kind {
        guard !kinds.isEmpty else { throw .notFound("No goods has this ID.") }
        if let kindID {
            guard let kind = kinds.first(where: { $0.id == kindID }) else {
                throw .notFound("This goods has no kind with this ID.")
            }
            return kind
        }
        guard kinds.count == 1 else {
            throw .badInput("This goods comes in \(kinds.count) kinds; choose one with kindId.")
        }
        return kinds[0]
    }

    /// Why adding to a cart line would pass the stock.
    static func stockMessage(kind: Kind, inCart: Int) -> String {
        let left = kind.stock == 0 ? "It is sold out" : "Only \(kind.stock) left"
        let cart = inCart > 0 ? " and \(inCart) already in your cart" : ""
        return "\(left)\(cart): you can have 1 to \(kind.stock) of \(kind.name)."
    }

    /// The refusal of a line an order cannot have: `left` units remain of `asked`.
    static func shortage(_ line: OrderLine, left: Int) -> DomainError {
        .insufficientStock(
            available: left,
            message: "Only \(left) of \(line.goodsName) (\(line.kindName)) left; you asked for \(line.quantity).")
    }

    /// A cart line's new quantity must be 0 (remove) up to the stock.
    static func checkQuantity(_ quantity: Int, stock: Int) throws(DomainError) {
        guard quantity >= 0 else {
            throw .badInput("The quantity must be 0 (to remove the line) up to \(stock); it was \(quantity).")
        }
        guard quantity <= stock else {
            throw .insufficientStock(
                available: stock,
                message: "Only \(stock) left: the quantity must be 0 up to \(stock); it was \(quantity).")
        }
    }
}
