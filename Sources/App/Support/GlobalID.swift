import GraphQL
import Storage

/// An opaque global ID: the object type and its row id, as URL-safe base64 of
/// `Type:rowid`. Clients treat it as an opaque string; resolvers check its type.
struct GlobalID: Sendable, Hashable {
    let typeName: String
    let rowID: Int64

    init(_ typeName: String, _ rowID: Int64) {
        self.typeName = typeName
        self.rowID = rowID
    }

    /// The ID as clients see it.
    var encoded: String {
        // `Type:rowid` is written in place from the end: IDs are encoded for nearly every
        // object of every response, and string interpolation cost more than the base64.
        var name = typeName
        return name.withUTF8 { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 22) { plain in
                var first = JSONWriter.writeDigits(of: UInt(rowID.magnitude), endingAt: plain)
                if rowID < 0 {
                    first -= 1
                    plain[first] = UInt8(ascii: "-")
                }
                first -= 1
                plain[first] = UInt8(ascii: ":")
                first -= name.count
                _ = UnsafeMutableBufferPointer(rebasing: plain[first...]).initialize(from: name)
                return Base64.encode(
                    UnsafeBufferPointer(rebasing: plain[first...]), urlSafe: true, padded: false)
            }
        }
    }

    /// Reads any well-formed global ID — ASCII letters, a colon, a positive decimal row id
    /// — and nil for anything else. Read on the bytes: every mutation that names an object
    /// decodes one, and `Character.isLetter` and `Int64(_:)` cost ten times as much.
    init?(encoded text: String) {
        guard text.utf8.count <= 100, let bytes = Base64.decode(text),
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count
        else { return nil }
        for byte in bytes[..<colon] {
            let lower = byte | 0x20
            guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return nil }
        }
        var rowID: Int64 = 0
        for byte in bytes[(colon + 1)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (tens, tensOverflow) = rowID.multipliedReportingOverflow(by: 10)
            let (next, overflow) = tens.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !tensOverflow, !overflow else { return nil }
            rowID = next
        }
        guard rowID > 0 else { return nil }
        self.init(String(decoding: bytes[..<colon], as: UTF8.self), rowID)
    }

    /// The row id of an ID that must name a `typeName`; anything else — malformed text or
    /// an ID of another type — is `BAD_USER_INPUT` naming the argument.
    static func rowID(_ text: String, of typeName: String, argument: String) throws(GraphQLError) -> Int64 {
        guard let id = GlobalID(encoded: text), id.typeName == typeName else {
            throw GraphQLError(
                "\"\(argument)\" must be \(withArticle(typeName)) ID; \"\(text.prefix(100))\" is not one.",
                code: .badUserInput)
        }
        return id.rowID
    }

    /// A type name with the indefinite article English gives it: "an Order", "an Address",
    /// "a User", "a Dish". A vowel letter takes "an", except a "u" said as "you" (`User`,
    /// `Unit`, `Utensil`).
    static func withArticle(_ typeName: String) -> String {
        let lower = typeName.lowercased()
        let saidAsYou = ["us", "ut", "uni"].contains { lower.hasPrefix($0) }
        let an = (lower.first.map { "aeiou".contains($0) } ?? false) && !saidAsYou
        return (an ? "an " : "a ") + typeName
    }
}

extension Arguments {
    /// The row id behind a required ID argument that must name a `typeName`.
    func id(_ name: String, of typeName: String) throws(GraphQLError) -> Int64 {
        guard let text = string(name) else {
            throw GraphQLError("\"\(name)\" is required.", code: .badUserInput)
        }
        return try GlobalID.rowID(text, of: typeName, argument: name)
    }

    /// The row id behind an optional ID argument; nil when absent or null.
    func optionalID(_ name: String, of typeName: String) throws(GraphQLError) -> Int64? {
        guard let text = string(name) else { return nil }
        return try GlobalID.rowID(text, of: typeName, argument: name)
    }
}
