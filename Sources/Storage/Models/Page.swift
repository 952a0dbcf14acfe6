import Foundation

/// A position in a keyset-ordered list: the sort key of a row and its id.
///
/// Encoded as an opaque string for clients. Ordering by (key, id) means rows inserted
/// meanwhile never shift a page, and page 1000 costs what page 1 costs.
public struct Cursor: Sendable, Hashable {
    /// The sort key (a time in milliseconds, a position, a search tier…).
    public var key: Int64
    /// The row id, which breaks ties.
    public var id: Int64

    /// Makes a value from its parts.
    public init(key: Int64, id: Int64) {
        self.key = key
        self.id = id
    }

    /// The opaque string a client sends back as `after`.
    public var encoded: String {
        // `c:key:id`, written as bytes into a buffer on the stack: every edge of every page
        // has a cursor, and interpolating the two numbers, or growing an array for them,
        // cost more than the base64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 + 2 * 20 + 1 + 1) { plain in
            plain[0] = UInt8(ascii: "c")
            plain[1] = UInt8(ascii: ":")
            var end = writeDecimal(key, into: plain, at: 2)
            plain[end] = UInt8(ascii: ":")
            end = writeDecimal(id, into: plain, at: end + 1)
            return Base64.encode(UnsafeBufferPointer(rebasing: plain[..<end]), urlSafe: false, padded: true)
        }
    }

    /// Decodes a client's cursor; malformed text is `badInput`, never a crash.
    public init(encoded text: String) throws(DomainError) {
        guard text.utf8.count <= 200, let bytes = Base64.decode(text),
            let plain = String(validating: bytes, as: UTF8.self)
        else { throw .badInput("The cursor \"\(text.prefix(80))\" is not valid.") }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "c", let key = Int64(parts[1]),
            let id = Int64(parts[2])
        else { throw .badInput("The cursor \"\(text.prefix(80))\" is not valid.") }
        self.init(key: key, id: id)
    }
}

/// Which page of a list to fetch: `first` rows after the `after` cursor.
public struct PageRequest: Sendable, Hashable {
    /// The largest `first` a client may ask for.
    public static let maximumFirst = 100

    /// How many rows to return (0...100).
    public var first: Int
    /// The cursor the page starts after, if any.
    public var after: Cursor?

    /// Checks `first` (0...100, else `badInput`) and decodes `after`.
    public init(first: Int, after: String? = nil) throws(DomainError) {
        guard first >= 0 else {
            throw .badInput("`first` must not be negative; it was \(first).")
        }
        guard first <= Self.maximumFirst else {
            throw .badInput("`first` must be at most \(Self.maximumFirst); it was \(first).")
        }
        self.first = first
        self.after = try after.map { text throws(DomainError) in try Cursor(encoded: text) }
    }

    /// A request from already-checked values (for code, not client input).
    public init(first: Int, cursor: Cursor?) {
        self.first = min(max(first, 0), Self.maximumFirst)
        self.after = cursor
    }
}

/// One page of a keyset-ordered list.
public struct Page<Item: Sendable>: Sendable {
    /// The rows, each with the cursor that points just after it.
    public var edges: [(cursor: Cursor, node: Item)]
    /// Whether rows follow this page (known by fetching one row more than asked).
    public var hasNextPage: Bool
    /// Whether rows precede it: true whenever an `after` cursor was given.
    public var hasPreviousPage: Bool

    /// Makes a value from its parts.
    public init(edges: [(cursor: Cursor, node: Item)], hasNextPage: Bool, hasPreviousPage: Bool) {
        self.edges = edges
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
    }

    /// The rows without cursors.
    public var nodes: [Item] { edges.map(\.node) }

    /// Builds a page from up to `first + 1` fetched rows.
    public init(fetched: [(cursor: Cursor, node: Item)], request: PageRequest) {
        self.init(
            edges: Array(fetched.prefix(request.first)),
            hasNextPage: fetched.count > request.first,
            hasPreviousPage: request.after != nil)
    }

    /// The same page with each node transformed.
    public func map<T: Sendable>(_ transform: (Item) throws -> T) rethrows -> Page<T> {
        Page<T>(
            edges: try edges.map { ($0.cursor, try transform($0.node)) },
            hasNextPage: hasNextPage, hasPreviousPage: hasPreviousPage)
    }
}
