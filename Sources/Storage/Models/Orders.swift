import Foundation

/// A delivery address.
public struct Address: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The user it belongs to.
    public var userID: Int64
    /// The name shown to people.
    public var name: String
    /// A phone number: 11-digit mainland mobile, or digits with an optional `+`.
    public var phone: String
    /// Province / city / district.
    public var region: String
    /// Street and number.
    public var detail: String
    /// Whether this is the default address.
    public var isDefault: Bool

    /// Makes a value from its parts.
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
    /// The name shown to people.
    public var name: String
    /// A phone number: 11-digit mainland mobile, or digits with an optional `+`.
    public var phone: String
    /// Province / city / district.
    public var region: String
    /// Street and number.
    public var detail: String

    /// Makes a value from its parts.
    public init(name: String, phone: String, region: String, detail: String) {
        self.name = name
        self.phone = phone
        self.region = region
        self.detail = detail
    }
}

/// Where an order stands; raw values are the GraphQL enum values.
public enum OrderStatus: String, Sendable, Hashable, CaseIterable {
    /// Placed, waiting for payment.
    case pendingPayment = "PENDING_PAYMENT"
    /// Paid, being prepared.
    case paid = "PAID"
    /// On its way.
    case shipped = "SHIPPED"
    /// Received by the buyer.
    case completed = "COMPLETED"
    /// Cancelled.
    case cancelled = "CANCELLED"
}

/// One line of an order or preview: a snapshot of what was bought at which price (cents).
public struct OrderLine: Sendable, Hashable {
    /// The shop that sells it.
    public var shopID: Int64
    /// The goods it belongs to.
    public var goodsID: Int64
    /// The kind bought.
    public var kindID: Int64?
    /// The goods' name at the time.
    public var goodsName: String
    /// The kind that was bought, if known.
    public var kindName: String
    /// What one unit costs the buyer (cents).
    public var unitPrice: Int
    /// The crossed-out price at the time, for the discount.
    public var originalPrice: Int?
    /// Units; at least 1.
    public var quantity: Int

    /// Makes a value from its parts.
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
    /// The shop that sells it.
    public var shopID: Int64
    /// The lines, in order.
    public var lines: [OrderLine]
    /// Σ unit price × quantity.
    public var subtotal: Int
    /// Σ (originalPrice − price) × quantity where positive.
    public var discount: Int
    /// Charged once per shop, waived when the subtotal reaches the free-shipping threshold.
    public var shippingFee: Int

    /// Makes a value from its parts.
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
    /// The address it ships to.
    public var address: Address?
    /// The shop groups, in order of first appearance.
    public var shops: [OrderShopGroup]

    /// Makes a value from its parts.
    public init(address: Address?, shops: [OrderShopGroup]) {
        self.address = address
        self.shops = shops
    }
}

/// A placed order; its lines, prices and address are snapshots.
public struct Order: Sendable, Hashable, Identifiable, OrderTotals {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The user it belongs to.
    public var userID: Int64
    /// Where the order stands.
    public var status: OrderStatus
    /// The shop groups, in order of first appearance.
    public var shops: [OrderShopGroup]
    /// The address it ships to.
    public var address: AddressSnapshot
    /// A note for the seller, if any.
    public var note: String?
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
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
