import Foundation

/// The cart: one per user, grouped by shop. Every mutation runs in one write transaction
/// and returns the whole cart; two clients changing one cart are serialized by the single
/// writer, so no update is lost, and a refused change leaves the cart as it was.
public struct CartRepository: Sendable {
    let database: Database
    let clock: Clock
    /// What the kinds in carts refer to, kept between cart changes; nil reads it with every
    /// cart (tests that count statements).
    let referents: CartReferentsCache?

    /// A repository over `database`; `clock` says what "now" is. `cachesReferents` keeps
    /// each kind's goods and shop between cart changes (`CartReferentsCache`).
    public init(database: Database, clock: @escaping Clock = { Date() }, cachesReferents: Bool = true) {
        self.database = database
        self.clock = clock
        if cachesReferents {
            for table in CartReferentsCache.tables { database.watchChanges(to: table) }
            referents = CartReferentsCache()
        } else {
            referents = nil
        }
    }

    /// The user's cart, in the order lines were added.
    public func cart(userID: Int64) throws -> Cart {
        try database.read { c in try Self.cart(userID: userID, c) }
    }

    /// Each line with its goods, kind and shop, in one statement.
    private static let cartLines = CartLineRows.query(userParameter: "?")
    /// Where the kind and shop columns start in a `referentsQuery` row (the goods' at 0).
    private static let referentsKindAt = CartLineRows.kindAt - CartLineRows.goodsAt
    private static let referentsShopAt = CartLineRows.shopAt - CartLineRows.goodsAt

    static func cart(userID: Int64, _ c: Connection) throws -> Cart {
        // Sorted here, not by `ORDER BY ci.id`: the index that finds a user's lines is by
        // goods, so SQLite would sort them in a temporary b-tree on every read of the cart.
        var lines = try readingRows([("cart_items", "user_id"), ("users", "id")], userID) {
            try c.query(cartLines, userID) { CartLineRows.line($0, userID: userID) }
        }
        lines.sort { $0.item.id < $1.item.id }
        return Cart(lines: lines)
    }

    private static let quantitiesQuery = IDJoinQuery(
        """
        SELECT wanted_id, (SELECT coalesce(sum(quantity), 0) FROM cart_items WHERE user_id = ? AND goods_id = wanted_id)
        FROM %@ AS wanted
        """)

    /// How many units of each goods the user has in the cart (any kind); 0 when none.
    public func cartQuantities(goodsIDs: [Int64], userID: Int64) throws -> [Int64: Int] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read(rowsOf: [("cart_items", "user_id")], userID) { c in
            try c.counts(Self.quantitiesQuery, ids: goodsIDs, extra: [userID])
        }
    }

    /// Runs a cart change in a write transaction and returns the cart afterwards.
    func change(userID: Int64, adding: Bool = false, _ body: (Connection) throws -> Void) throws -> Cart {
        try database.write { c in
            try body(c)
            try EventLog.append(topic: EventLog.cartTopic(userID: userID), c)
            let cart: Cart
            if let referents, let generation = database.watchedGenerationSeen(byWriter: c) {
                cart = try Self.cart(userID: userID, c, referents: referents, generation: generation)
            } else {
                cart = try Self.cart(userID: userID, c)
            }
            if adding { try Self.checkBounds(cart) }
            return cart
        }
    }

    /// A cart that grew may hold at most `Bounds.cartLines` lines, `Bounds.cartLinesPerShop`
    /// of one shop, from `Bounds.cartShops` shops (so may an order placed from it).
    static func checkBounds(_ cart: Cart) throws(DomainError) {
        try Bounds.check(cart.lines.count, atMost: Bounds.cartLines, "lines", of: "A cart")
        try Bounds.check(cart.shops.count, atMost: Bounds.cartShops, "shops' goods", of: "A cart")
        try Bounds.check(cart.shops.map(\.lines.count).max() ?? 0, atMost: Bounds.cartLinesPerShop, "lines of one shop", of: "A cart")
    }

    /// The lines alone, with whether the user is a member (the same for every row).
    private static let cartItems = """
        SELECT id, goods_id, kind_id, quantity, selected, added_at,
            (SELECT is_member FROM users WHERE id = ?1)
        FROM cart_items WHERE user_id = ?1
        """

    /// A kind with its goods and shop, for kinds the cache does not hold.
    private static func referentsQuery(_ ids: SQLList) -> String {
        """
        SELECT \(MarketRepository.columns(MarketRepository.goodsColumns, of: "g")),
            \(MarketRepository.columns(MarketRepository.kindColumns, of: "k")),
            \(MarketRepository.columns(MarketRepository.shopColumns, of: "s"))
        FROM kinds k
        JOIN goods g ON g.id = k.goods_id
        JOIN shops s ON s.id = g.shop_id
        WHERE k.id IN (\(ids.placeholders))
        """
    }

    /// The cart read as its lines, with each kind's goods and shop from `referents` (kept
    /// under `generation`), reading only the kinds it lacks. The same cart as
    /// `cart(userID:_:)`, for a write that sees the watched tables as `generation` has them.
    static func cart(
        userID: Int64, _ c: Connection, referents cache: CartReferentsCache, generation: UInt64
    ) throws -> Cart {
        let items = try c.query(cartItems, userID) { row in (item: CartLineRows.item(row, userID: userID), isMember: row.bool(6)) }
        let kindIDs = items.map(\.item.kindID)
        // Kept referents line by line; the kinds the cache lacks are read and filled in.
        var referents = cache.referents(of: kindIDs, generation: generation)
        let missing = zip(kindIDs, referents).compactMap { id, kept in kept == nil ? id : nil }
        if !missing.isEmpty {
            let ids = SQLList(missing)
            let read = try c.query(referentsQuery(ids), arguments: ids.arguments) { row in
                CartLine.Referents(
                    goods: MarketRepository.goods(row, at: 0),
                    kind: MarketRepository.kind(row, at: referentsKindAt),
                    shop: MarketRepository.shop(row, at: referentsShopAt))
            }
            let readByKind = Dictionary(read.map { ($0.kind.id, $0) }, uniquingKeysWith: { first, _ in first })
            for index in referents.indices where referents[index] == nil {
                referents[index] = readByKind[kindIDs[index]]
            }
            cache.keep(read, generation: generation)
        }
        // A kind gone from the table drops its line, as the join in `cartLines` does.
        var lines: [CartLine] = []
        lines.reserveCapacity(items.count)
        for ((item, isMember), kept) in zip(items, referents) {
            guard let kept else { continue }
            lines.append(CartLine(item: item, referents: kept, unitPrice: kept.kind.unitPrice(isMember: isMember)))
        }
        lines.sort { $0.item.id < $1.item.id }
        return Cart(lines: lines)
    }

    /// The kind a buyer means: the given one, which must belong to the goods, or the
    /// goods' only kind when none is given (several kinds need a choice: `badInput`).
    static func resolveKind(goodsID: Int64, kindID: Int64?, _ c: Connection) throws -> Kind {
        let kinds = try c.query(
            "SELECT \(MarketRepository.kindColumns) FROM kinds WHERE goods_id = ? ORDER BY position",
            goodsID, row: MarketRepository.kind)
        return try CommerceRules.resolveKind(kindID, among: kinds)
    }

    /// Adds goods to the cart: an existing line of the same kind grows. The quantity must be
    /// at least 1 and the line may not exceed the stock (`insufficientStock`).
    public func addToCart(userID: Int64, goodsID: Int64, kindID: Int64?, quantity: Int) throws
        -> Cart
    {
        guard quantity >= 1 else {
            throw DomainError.badInput("The quantity to add must be at least 1; it was \(quantity).")
        }
        return try change(userID: userID, adding: true) { c in
            let kind = try Self.resolveKind(goodsID: goodsID, kindID: kindID, c)
            let existing = try c.queryFirst(
                "SELECT quantity FROM cart_items WHERE user_id = ? AND kind_id = ?", userID, kind.id
            ) { $0.int(0) } ?? 0
            let (total, overflow) = existing.addingReportingOverflow(quantity)
            guard !overflow, total <= kind.stock else {
                throw DomainError.insufficientStock(
                    available: kind.stock,
                    message: CommerceRules.stockMessage(kind: kind, inCart: existing))
            }
            try c.execute(
                """
                INSERT INTO cart_items (user_id, goods_id, kind_id, quantity, selected, added_at)
                VALUES (?, ?, ?, ?, 1, ?)
                ON CONFLICT (user_id, kind_id) DO UPDATE SET quantity = quantity + excluded.quantity
                """, userID, goodsID, kind.id, quantity, clock().milliseconds)
        }
    }

    /// Sets a line's quantity: 1 up to the stock sets it, 0 removes the line; negative is
    /// `badInput`, above the stock `insufficientStock`, both naming the allowed range.
    public func setItemQuantity(userID: Int64, itemID: Int64, quantity: Int) throws -> Cart {
        try change(userID: userID) { c in
            guard
                let stock = try c.queryFirst(
                    """
                    SELECT k.stock FROM cart_items ci JOIN kinds k ON k.id = ci.kind_id
                    WHERE ci.id = ? AND ci.user_id = ?
                    """, itemID, userID, row: { $0.int(0) })
            else { throw DomainError.notFound("No line of your cart has this ID.") }
            try CommerceRules.checkQuantity(quantity, stock: stock)
            if quantity == 0 {
                try c.execute("DELETE FROM cart_items WHERE id = ?", itemID)
            } else {
                try c.execute("UPDATE cart_items SET quantity = ? WHERE id = ?", quantity, itemID)
            }
        }
    }

    /// Selects or deselects one line.
    public func setItemSelected(userID: Int64, itemID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute(
                "UPDATE cart_items SET selected = ? WHERE id = ? AND user_id = ?",
                selected, itemID, userID)
            guard c.changes == 1 else { throw DomainError.notFound("No line of your cart has this ID.") }
        }
    }

    /// Selects or deselects every line of one shop (a shop with no lines changes nothing).
    public func setShopSelected(userID: Int64, shopID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            guard try c.exists("SELECT 1 FROM shops WHERE id = ?", shopID) else {
                throw DomainError.notFound("No shop has this ID.")
            }
            try c.execute(
                """
                UPDATE cart_items SET selected = ?
                WHERE user_id = ? AND goods_id IN (SELECT id FROM goods WHERE shop_id = ?)
                """, selected, userID, shopID)
        }
    }

    /// Selects or deselects every line.
    public func setAllSelected(userID: Int64, selected: Bool) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute("UPDATE cart_items SET selected = ? WHERE user_id = ?", selected, userID)
        }
    }

    /// Removes lines; every id must be a line of the user's cart, else nothing changes.
    public func removeItems(userID: Int64, itemIDs: [Int64]) throws -> Cart {
        try change(userID: userID) { c in
            let ids = distinct(itemIDs)
            guard !ids.isEmpty else { return }
            let list = SQLList(ids)
            try c.execute(
                "DELETE FROM cart_items WHERE user_id = ? AND id IN (\(list.placeholders))",
                arguments: [userID] + list.arguments)
            guard c.changes == ids.count else {
                throw DomainError.notFound("Not every ID names a line of your cart.")
            }
        }
    }

    /// Removes every selected line.
    public func removeSelected(userID: Int64) throws -> Cart {
        try change(userID: userID) { c in
            try c.execute("DELETE FROM cart_items WHERE user_id = ? AND selected = 1", userID)
        }
    }
}
