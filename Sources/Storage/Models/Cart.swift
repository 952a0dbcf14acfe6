import Foundation

/// One stored line of a cart.
public struct CartItem: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The user it belongs to.
    public var userID: Int64
    /// The goods it belongs to.
    public var goodsID: Int64
    /// The kind bought.
    public var kindID: Int64
    /// Units; at least 1.
    public var quantity: Int
    /// Whether the line is selected for ordering.
    public var selected: Bool
    /// When the line was first added.
    public var addedAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, userID: Int64, goodsID: Int64, kindID: Int64, quantity: Int, selected: Bool,
        addedAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.goodsID = goodsID
        self.kindID = kindID
        self.quantity = quantity
        self.selected = selected
        self.addedAt = addedAt
    }
}

/// A cart line with what it costs the viewer.
public struct CartLine: Sendable, Hashable, Identifiable {
    /// The stored line.
    public var item: CartItem
    /// The member price for members when one is set, else the price (cents).
    public var unitPrice: Int
    /// The goods, kind and shop, behind one reference: a line is copied often while a cart
    /// screen is answered, and a copy then retains one object instead of every string.
    private let referents: Referents

    /// Makes a value from its parts.
    public init(item: CartItem, goods: Goods, kind: Kind, shop: Shop, unitPrice: Int) {
        self.init(item: item, referents: Referents(goods: goods, kind: kind, shop: shop), unitPrice: unitPrice)
    }

    /// A line whose goods, kind and shop are already in one object (kept by
    /// `CartReferentsCache`).
    init(item: CartItem, referents: Referents, unitPrice: Int) {
        self.item = item
        self.unitPrice = unitPrice
        self.referents = referents
    }

    /// The goods it refers to, read in the same statement as the line, so that a cart
    /// screen (or a cart change's answer) needs no lookups after it.
    public var goods: Goods { referents.goods }
    /// The kind bought, read with the line.
    public var kind: Kind { referents.kind }
    /// The shop that sells it, read with the line.
    public var shop: Shop { referents.shop }
    /// The shop's row id.
    public var shopID: Int64 { shop.id }

    public static func == (left: CartLine, right: CartLine) -> Bool {
        left.item == right.item && left.unitPrice == right.unitPrice && left.goods == right.goods
            && left.kind == right.kind && left.shop == right.shop
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(unitPrice)
        hasher.combine(goods)
        hasher.combine(kind)
        hasher.combine(shop)
    }

    /// A kind with its goods and the goods' shop.
    final class Referents: Sendable {
        let goods: Goods
        let kind: Kind
        let shop: Shop

        init(goods: Goods, kind: Kind, shop: Shop) {
            self.goods = goods
            self.kind = kind
            self.shop = shop
        }
    }

    /// The row id (the App wraps it in a global ID).
    public var id: Int64 { item.id }
    /// unitPrice × quantity (cents).
    public var lineTotal: Int { unitPrice * item.quantity }
}

/// The cart lines of one shop; selection state and totals are derived, never stored.
public struct CartShopGroup: Sendable, Hashable {
    /// The shop that sells it.
    public var shop: Shop
    /// The lines, in order.
    public var lines: [CartLine]

    /// Makes a value from its parts.
    public init(shop: Shop, lines: [CartLine]) {
        self.shop = shop
        self.lines = lines
    }

    /// The shop's row id.
    public var shopID: Int64 { shop.id }

    /// True iff every line of this shop is selected.
    public var allSelected: Bool { !lines.isEmpty && lines.allSatisfy(\.item.selected) }
    /// Sum of the selected lines' totals (cents).
    public var subtotal: Int { lines.reduce(0) { $1.item.selected ? $0 + $1.lineTotal : $0 } }
    /// Sum of the quantities, of all lines or of the selected ones.
    func quantity(selectedOnly: Bool) -> Int {
        lines.reduce(0) { !selectedOnly || $1.item.selected ? $0 + $1.item.quantity : $0 }
    }
}

/// A user's cart grouped by shop, in the order each shop's first line was added.
public struct Cart: Sendable, Hashable {
    /// The shop groups, in order of first appearance.
    public var shops: [CartShopGroup]

    /// Makes a value from its parts.
    public init(shops: [CartShopGroup]) {
        self.shops = shops
    }

    /// Groups lines by shop; lines must come in the order they were added.
    public init(lines: [CartLine]) {
        // A cart has a handful of shops: a linear search finds a line's group for less than
        // a dictionary's hashing costs. Each array gets room for every line left at once:
        // growing them a line at a time reallocated each group's lines two or three times
        // for a cart of ten.
        var groups: [CartShopGroup] = []
        groups.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let shopID = line.shopID
            if let at = groups.firstIndex(where: { $0.shop.id == shopID }) {
                groups[at].lines.append(line)
            } else {
                var groupLines: [CartLine] = []
                groupLines.reserveCapacity(lines.count - index)
                groupLines.append(line)
                groups.append(CartShopGroup(shop: line.shop, lines: groupLines))
            }
        }
        self.shops = groups
    }

    /// Every line, shop by shop.
    public var lines: [CartLine] { shops.flatMap(\.lines) }
    /// True iff every line is selected (false for an empty cart).
    public var allSelected: Bool { !shops.isEmpty && shops.allSatisfy(\.allSelected) }
    /// The sum of all quantities: the number on the cart badge.
    public var totalQuantity: Int { shops.reduce(0) { $0 + $1.quantity(selectedOnly: false) } }
    /// The sum of the selected lines' quantities.
    public var selectedQuantity: Int { shops.reduce(0) { $0 + $1.quantity(selectedOnly: true) } }
    /// The sum of the selected lines' totals (cents).
    public var selectedSubtotal: Int { shops.reduce(0) { $0 + $1.subtotal } }
}
