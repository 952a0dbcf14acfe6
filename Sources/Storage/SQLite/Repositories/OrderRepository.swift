import Foundation

/// Order previews, order placement and order history.
public struct OrderRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// A line about to be bought: the cart line it comes from (if any), its kind and price.
    struct Purchase {
        var cartItemID: Int64?
        var kind: Kind
        var line: OrderLine
    }

    /// What buying from `source` would cost now, priced for the user (member prices).
    static func purchases(userID: Int64, source: OrderSource, _ c: Connection) throws -> [Purchase] {
        let isMember = try c.queryFirst("SELECT is_member FROM users WHERE id = ?", userID) {
            $0.bool(0)
        } ?? false
        var wanted: [(cartItemID: Int64?, kindID: Int64, quantity: Int)] = []
        switch source {
        case .cart:
            wanted = try c.query(
                "SELECT id, kind_id, quantity FROM cart_items WHERE user_id = ? AND selected = 1 ORDER BY id",
                userID
            ) { (cartItemID: $0.int64(0), kindID: $0.int64(1), quantity: $0.int(2)) }
        case .buyNow(let goodsID, let kindID, let quantity):
            guard quantity >= 1 else {
                throw DomainError.badInput("The quantity must be at least 1; it was \(quantity).")
            }
            let kind = try CartRepository.resolveKind(goodsID: goodsID, kindID: kindID, c)
            wanted = [(nil, kind.id, quantity)]
        }
        let kinds = try MarketRepository.kinds(ids: wanted.map(\.kindID), c)
        let goods = try MarketRepository.goods(ids: kinds.values.map(\.goodsID), c)
        return try wanted.map { want in
            guard let kind = kinds[want.kindID], let item = goods[kind.goodsID] else {
                throw DomainError.notFound("A goods in your order no longer exists.")
            }
            let line = OrderLine(
                shopID: item.shopID, goodsID: item.id, kindID: kind.id, goodsName: item.name,
                kindName: kind.name, unitPrice: kind.unitPrice(isMember: isMember),
                originalPrice: kind.originalPrice, quantity: want.quantity)
            return Purchase(cartItemID: want.cartItemID, kind: kind, line: line)
        }
    }

    /// What an order from `source` would cost, shop by shop. `addressID` must be one of the
    /// user's; `nil` means the default address (the preview's address is `nil` without one).
    public func preview(userID: Int64, addressID: Int64?, source: OrderSource = .cart) throws
        -> OrderPreview
    {
        try database.read(rowsOf: [("cart_items", "user_id"), ("addresses", "user_id"), ("users", "id")], userID) { c in
            let address: Address?
            if let addressID {
                guard let found = try AddressRepository.address(id: addressID, userID: userID, c)
                else { throw DomainError.notFound("No address of yours has this ID.") }
                address = found
            } else {
                address = try AddressRepository.defaultAddress(userID: userID, c)
            }
            let lines = try Self.purchases(userID: userID, source: source, c).map(\.line)
            let shops = try MarketRepository.shops(ids: lines.map(\.shopID), c)
            return OrderPreview(address: address, shops: Pricing.groups(lines, shops: shops))
        }
    }
}
