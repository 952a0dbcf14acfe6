import Foundation

/// The market: shops, goods with images, attributes and kinds, and reviews.
///
/// Its column lists and row readers (`shop`, `goods`, `kind`) serve the PostgreSQL store
/// too, whose tables have the same columns.
public struct MarketRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let shopColumns =
        "id, name, logo_url, announcement, shipping_fee_cents, free_shipping_threshold_cents"
    static let goodsColumns =
        "id, shop_id, name, foreword, description, soup, sales_count, created_at"
    static let kindColumns =
        "id, goods_id, name, price_cents, original_price_cents, member_price_cents, stock"
    static let shopsByID = ByIDQuery(from: "shops", columns: shopColumns)
    static let goodsByID = ByIDQuery(from: "goods", columns: goodsColumns)
    static let kindsByID = ByIDQuery(from: "kinds", columns: kindColumns)

    static func shop<R: ColumnReader>(_ row: R) -> Shop { shop(row, at: 0) }

    static func shop<R: ColumnReader>(_ row: R, at o: Int) -> Shop {
        Shop(
            id: row.int64(o), name: row.string(o + 1), logoURL: row.optionalString(o + 2),
            announcement: row.optionalString(o + 3), shippingFee: row.int(o + 4),
            freeShippingThreshold: row.optionalInt(o + 5))
    }

    static func goods<R: ColumnReader>(_ row: R, at o: Int = 0) -> Goods {
        Goods(
            id: row.int64(o), shopID: row.int64(o + 1), name: row.string(o + 2),
            foreword: row.optionalString(o + 3), description: row.optionalString(o + 4),
            soup: row.optionalString(o + 5), salesCount: row.int(o + 6),
            createdAt: Date(milliseconds: row.int64(o + 7)))
    }

    static func kind<R: ColumnReader>(_ row: R) -> Kind { kind(row, at: 0) }

    static func kind<R: ColumnReader>(_ row: R, at o: Int) -> Kind {
        Kind(
            id: row.int64(o), goodsID: row.int64(o + 1), name: row.string(o + 2), price: row.int(o + 3),
            originalPrice: row.optionalInt(o + 4), memberPrice: row.optionalInt(o + 5), stock: row.int(o + 6))
    }

    /// A column list (`shopColumns`, …) with each column qualified by a table's alias.
    static func columns(_ list: String, of alias: String) -> String {
        list.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// Shops by id.
    public func shops(ids: [Int64]) throws -> [Int64: Shop] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.shops(ids: ids, c) }
    }

    static func shops(ids: [Int64], _ c: Connection) throws -> [Int64: Shop] {
        let rows = try c.rows(byID: ids, shopsByID, row: shop)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// Goods by id, in one statement.
    public func goods(ids: [Int64]) throws -> [Int64: Goods] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.goods(ids: ids, c) }
    }

    static func goods(ids: [Int64], _ c: Connection) throws -> [Int64: Goods] {
        let rows = try c.rows(byID: ids, goodsByID) { goods($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    static let imagesQuery = IDJoinQuery(
        """
        SELECT goods_id, url, width, height
        FROM %@ AS wanted CROSS JOIN goods_images ON goods_id = wanted.wanted_id
        """)
    static let attributesQuery = IDJoinQuery(
        """
        SELECT goods_id, name, value
        FROM %@ AS wanted CROSS JOIN goods_attributes ON goods_id = wanted.wanted_id
        """)
    static let kindsQuery = IDJoinQuery(
        """
        SELECT \(kindColumns)
        FROM %@ AS wanted CROSS JOIN kinds ON goods_id = wanted.wanted_id
        """)

    /// The images of many goods, each list in its set order, in one statement.
    public func images(goodsIDs: [Int64]) throws -> [Int64: [Photo]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(
                Self.imagesQuery, of: goodsIDs, keyedBy: ("goods_images", "goods_id")
            ) { ownedPhoto($0) }
        }
    }

    /// The attribute rows of many goods, each list in its set order, in one statement.
    public func attributes(goodsIDs: [Int64]) throws -> [Int64: [GoodsAttribute]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(
                Self.attributesQuery, of: goodsIDs, keyedBy: ("goods_attributes", "goods_id")
            ) { ($0.int64(0), GoodsAttribute(name: $0.string(1), value: $0.string(2))) }
        }
    }

    /// The kinds of many goods, in their set order, in one statement.
    public func kinds(goodsIDs: [Int64]) throws -> [Int64: [Kind]] {
        guard !goodsIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(
                Self.kindsQuery, of: goodsIDs, keyedBy: ("kinds", "goods_id")
            ) { let kind = Self.kind($0); return (kind.goodsID, kind) }
        }
    }

    /// Kinds by id.
    public func kinds(ids: [Int64]) throws -> [Int64: Kind] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.kinds(ids: ids, c) }
    }

    static func kinds(ids: [Int64], _ c: Connection) throws -> [Int64: Kind] {
        let rows = try c.rows(byID: ids, kindsByID, row: kind)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// A page of goods from `filter`, newest first.
    func goods(where filter: String, _ arguments: [any SQLBindable], page: PageRequest)
        throws -> Page<Goods>
    {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.goodsColumns) FROM goods
                WHERE \(filter) AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: arguments + descendingBounds(page), request: page
            ) { Self.goods($0, at: 1) }
        }
    }

    /// The market's listed goods, newest first (lunch dishes are not listed).
    public func market(page: PageRequest) throws -> Page<Goods> {
        try goods(where: "listed = 1", [], page: page)
    }

    /// How many goods the market lists.
    public func marketCount() throws -> Int {
        try database.read { c in
            try c.queryFirst("SELECT count(*) FROM goods WHERE listed = 1") { $0.int(0) } ?? 0
        }
    }

    /// A shop's goods, newest first.
    public func goods(shopID: Int64, page: PageRequest) throws -> Page<Goods> {
        try goods(where: "shop_id = ?", [shopID], page: page)
    }

    private static let goodsCountQuery = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM goods WHERE shop_id = wanted_id) FROM %@ AS wanted")

    /// Goods counts of many shops.
    public func goodsCounts(shopIDs: [Int64]) throws -> [Int64: Int] {
        guard !shopIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts(Self.goodsCountQuery, ids: shopIDs, keyedBy: ("goods", "shop_id"))
        }
    }
}
