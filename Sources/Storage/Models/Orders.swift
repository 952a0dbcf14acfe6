import Foundation

/// A delivery address.
public struct Address: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var userID: Int64
    public var name: String
    public var phone: String
    public var region: String
    public var detail: String
    public var isDefault: Bool

    public init(
        id: Int64, userID: Int64, name: String, phone: String, region: String, detail: String,
        isDefault: Bool
    ) {
        self.id = id
        self.userID = userID
        self.name = name
        self.phone = phone
        self.region = region
        self.detail = detail
        self.isDefault = isDefault
    }

    /// The parts an order copies.
    public var snapshot: AddressSnapshot {
        AddressSnapshot(name: name, phone: phone, region: region, detail: detail)
    }
}

/// The fields of an address as a client sends them; `validated()` trims and checks them.
public struct AddressSnapshot: Sendable, Hashable {
    public var name: String
    public var phone: String
    public var region: String
    public var detail: String

    public init(name: String, phone: String, region: String, detail: String) {
        self.name = name
        self.phone = phone
        self.region = region
        self.detail = detail
    }
}

/// Where an order stands; raw values are the GraphQL enum values.
public enum OrderStatus: String, Sendable, Hashable, CaseIterable {
    case pendingPayment = "PENDING_PAYMENT"
    case paid = "PAID"
    case shipped = "SHIPPED"
    case completed = "COMPLETED"
    case cancelled = "CANCELLED"
}

/// One line of an order or preview: a snapshot of what was bought at which price (cents).
public struct OrderLine: Sendable, Hashable {
    public var shopID: Int64
    public var goodsID: Int64
    public var kindID: Int64?
    public var goodsName: String
    public var kindName: String
    public var unitPrice: Int
    /// The crossed-out price at the time, for the discount.
    public var originalPrice: Int?
    public var quantity: Int

    public init(
        shopID: Int64, goodsID: Int64, kindID: Int64?, goodsName: String, kindName: String,
        unitPrice: Int, originalPrice: Int?, quantity: Int
    ) {
        self.shopID = shopID
        self.goodsID = goodsID
        self.kindID = kindID
        self.goodsName = goodsName
        self.kindName = kindName
        self.unitPrice = unitPrice
        self.originalPrice = originalPrice
        self.quantity = quantity
    }

    /// unitPrice × quantity.
    public var lineTotal: Int { unitPrice * quantity }
    /// (originalPrice − unitPrice) × quantity when positive, else 0.
    public var discount: Int {
        guard let originalPrice, originalPrice > unitPrice else { return 0 }
        return (originalPrice - unitPrice) * quantity
    }
}

/// The lines of one shop in an order or preview, with its money (cents).
public struct OrderShopGroup: Sendable, Hashable {
    public var shopID: Int64
    public var lines: [OrderLine]
    /// Σ unit price × quantity.
    public var subtotal: Int
    /// Σ (originalPrice − price) × quantity where positive.
    public var discount: Int
    /// Charged once per shop, waived when the subtotal reaches the free-shipping threshold.
    public var shippingFee: Int

    public init(shopID: Int64, lines: [OrderLine], subtotal: Int, discount: Int, shippingFee: Int) {
        self.shopID = shopID
        self.lines = lines
        self.subtotal = subtotal
        self.discount = discount
        self.shippingFee = shippingFee
    }

    /// subtotal + shippingFee.
    public var total: Int { subtotal + shippingFee }
    /// Total units.
    public var quantity: Int { lines.reduce(0) { $0 + $1.quantity } }
}

/// The money of a whole order or preview, summed over its shop groups (cents).
public protocol OrderTotals {
    /// The shop groups, in order.
    var shops: [OrderShopGroup] { get }
}

extension OrderTotals {
    /// Total units.
    public var quantity: Int { shops.reduce(0) { $0 + $1.quantity } }
    /// Σ subtotals.
    public var subtotal: Int { shops.reduce(0) { $0 + $1.subtotal } }
    /// Σ discounts.
    public var discount: Int { shops.reduce(0) { $0 + $1.discount } }
    /// Σ shipping fees.
    public var shippingFee: Int { shops.reduce(0) { $0 + $1.shippingFee } }
    /// What the buyer pays: subtotal + shipping.
    public var total: Int { subtotal + shippingFee }
}

/// What an order would cost.
public struct OrderPreview: Sendable, Hashable, OrderTotals {
    public var address: Address?
    public var shops: [OrderShopGroup]

    public init(address: Address?, shops: [OrderShopGroup]) {
        self.address = address
        self.shops = shops
    }
}

/// A placed order; its lines, prices and address are snapshots.
public struct Order: Sendable, Hashable, Identifiable, OrderTotals {
    public var id: Int64
    public var userID: Int64
    public var status: OrderStatus
    public var shops: [OrderShopGroup]
    public var address: AddressSnapshot
    public var note: String?
    public var createdAt: Date

    public init(
        id: Int64, userID: Int64, status: OrderStatus, shops: [OrderShopGroup],
        address: AddressSnapshot, note: String?, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.status = status
        self.shops = shops
        self.address = address
        self.note = note
        self.createdAt = createdAt
    }
}

/// What to buy when placing an order.
public enum OrderSource: Sendable, Hashable {
    /// The selected lines of the buyer's cart.
    case cart
    /// One goods directly, without the cart.
    case buyNow(goodsID: Int64, kindID: Int64?, quantity: Int)
}
