import Foundation

/// A shop of the market. Money is in cents.
public struct Shop: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The name shown to people.
    public var name: String
    /// The shop logo, if any.
    public var logoURL: String?
    /// A notice shown on the shop page.
    public var announcement: String?
    /// Charged once per order for this shop's lines.
    public var shippingFee: Int
    /// When a shop's subtotal reaches this, shipping is free; `nil`: never free.
    public var freeShippingThreshold: Int?

    /// Makes a value from its parts.
    public init(
        id: Int64, name: String, logoURL: String? = nil, announcement: String? = nil,
        shippingFee: Int, freeShippingThreshold: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.logoURL = logoURL
        self.announcement = announcement
        self.shippingFee = shippingFee
        self.freeShippingThreshold = freeShippingThreshold
    }
}

/// Something sold in the market or on the lunch menu. Its images and attribute rows are
/// loaded apart, only when asked for (`MarketRepository.images(goodsIDs:)`,
/// `attributes(goodsIDs:)`).
public struct Goods: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The shop that sells it.
    public var shopID: Int64
    /// The name shown to people.
    public var name: String
    /// A line under the name.
    public var foreword: String?
    /// Free text under the name, if any.
    public var description: String?
    /// For the lunch app: the soup that comes with the main dish.
    public var soup: String?
    /// Units sold across all kinds.
    public var salesCount: Int
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, shopID: Int64, name: String, foreword: String? = nil,
        description: String? = nil, soup: String? = nil, salesCount: Int = 0, createdAt: Date
    ) {
        self.id = id
        self.shopID = shopID
        self.name = name
        self.foreword = foreword
        self.description = description
        self.soup = soup
        self.salesCount = salesCount
        self.createdAt = createdAt
    }
}

/// A row of a goods' attributes table.
public struct GoodsAttribute: Sendable, Hashable {
    /// The name shown to people.
    public var name: String
    /// The attribute's value.
    public var value: String

    /// Makes a value from its parts.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One purchasable variant of a goods, like `300g`. Money is in cents.
public struct Kind: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The goods it belongs to.
    public var goodsID: Int64
    /// The name shown to people.
    public var name: String
    /// What one unit costs (cents).
    public var price: Int
    /// The crossed-out price, when there is one.
    public var originalPrice: Int?
    /// What lunch members pay, when set.
    public var memberPrice: Int?
    /// Units left; 0 means sold out.
    public var stock: Int

    /// Makes a value from its parts.
    public init(
        id: Int64, goodsID: Int64, name: String, price: Int, originalPrice: Int? = nil,
        memberPrice: Int? = nil, stock: Int
    ) {
        self.id = id
        self.goodsID = goodsID
        self.name = name
        self.price = price
        self.originalPrice = originalPrice
        self.memberPrice = memberPrice
        self.stock = stock
    }

    /// What one unit costs a buyer: the member price for members when one is set.
    public func unitPrice(isMember: Bool) -> Int {
        if isMember, let memberPrice { return memberPrice }
        return price
    }
}

/// A buyer's review of a goods.
public struct Review: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The goods it belongs to.
    public var goodsID: Int64
    /// The user who wrote it.
    public var authorID: Int64
    /// 1 to 5.
    public var rating: Int
    /// The text as written.
    public var text: String
    /// Photos, in order.
    public var photos: [Photo]
    /// The kind that was bought.
    public var kindName: String?
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, goodsID: Int64, authorID: Int64, rating: Int, text: String,
        photos: [Photo] = [], kindName: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.goodsID = goodsID
        self.authorID = authorID
        self.rating = rating
        self.text = text
        self.photos = photos
        self.kindName = kindName
        self.createdAt = createdAt
    }
}

/// A goods' review counts and average rating.
public struct ReviewStats: Sendable, Hashable {
    /// How many reviews there are.
    public var reviewsCount: Int
    /// How many reviews have photos.
    public var photoReviewsCount: Int
    /// 1–5, or `nil` with no reviews.
    public var averageRating: Double?

    /// No reviews.
    public static let none = ReviewStats(reviewsCount: 0, photoReviewsCount: 0, averageRating: nil)

    /// Makes a value from its parts.
    public init(reviewsCount: Int, photoReviewsCount: Int, averageRating: Double?) {
        self.reviewsCount = reviewsCount
        self.photoReviewsCount = photoReviewsCount
        self.averageRating = averageRating
    }
}

/// A kind as a catalogue entry, before it has an id.
public struct NewKind: Sendable, Hashable {
    /// The name shown to people.
    public var name: String
    /// What one unit costs (cents).
    public var price: Int
    /// The crossed-out price (cents), if any.
    public var originalPrice: Int?
    /// What lunch members pay (cents), if set.
    public var memberPrice: Int?
    /// Units left; 0 means sold out.
    public var stock: Int

    /// Makes a value from its parts.
    public init(
        name: String, price: Int, originalPrice: Int? = nil, memberPrice: Int? = nil, stock: Int
    ) {
        self.name = name
        self.price = price
        self.originalPrice = originalPrice
        self.memberPrice = memberPrice
        self.stock = stock
    }
}
